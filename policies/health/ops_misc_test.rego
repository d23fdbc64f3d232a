package rift.health.ops_misc_test

import data.rift.health.ops_misc

test_iamrole_error if ops_misc.health.status == "failed" with input as {"kind": "Iamrole", "status": {"state": "Error", "errorDescription": "boom"}}

test_canary_promoting if ops_misc.health.status == "progressing" with input as {"kind": "Canary", "status": {"phase": "Promoting"}}

test_gameserver_no_status if ops_misc.health.status == "unknown" with input as {"kind": "GameServer"}
