package rift.health.grafana_test

import data.rift.health.grafana

test_complete if grafana.health.status == "converged" with input as {"kind": "Grafana", "status": {"stage": "complete", "stageStatus": "success"}}

test_dashboard_failed if grafana.health.status == "failed" with input as {"kind": "GrafanaDashboard", "status": {"conditions": [{"type": "DashboardSynchronized", "status": "False", "reason": "ApplyFailed"}]}}
