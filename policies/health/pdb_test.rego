package rift.health.pdb_test

import data.rift.health.pdb

test_sync_failed if pdb.health.status == "failed" with input as {"status": {"conditions": [{"type": "DisruptionAllowed", "status": "False", "reason": "SyncFailed"}]}}
