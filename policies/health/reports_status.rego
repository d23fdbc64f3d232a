# METADATA
# title: Operators that report status, read by the kstatus conventions
# description: >-
#   Custom resources whose controllers always write a status with the
#   conventions the fallback reads (Ready, Synced, phase). Until the
#   controller has written one, the object is progressing (just created, or
#   its controller is not running: the controller layer says which); after
#   that, the fallback judges it.
# custom:
#   id: health-reports-status
#   kinds:
#   - ceph.rook.io/CephObjectStore
#   - external-secrets.io/PushSecret
#   - external-secrets.io/SecretStore
#   - external-secrets.io/ClusterSecretStore
#   - k8s.keycloak.org/Keycloak
#   - kyverno.io/Policy
#   - onepassword.com/OnePasswordItem
#   - services.cloud.sap.com/ServiceBinding
#   - services.cloud.sap.com/ServiceInstance
#   - db.atlasgo.io/AtlasMigration
#   - db.atlasgo.io/AtlasSchema
#   - camel.apache.org/Integration
#   - bitnami.com/SealedSecret
#   - monitoring.coreos.com/Prometheus
#   - clickhouse.altinity.com/ClickHouseInstallation
#   - clickhouse-keeper.altinity.com/ClickHouseKeeperInstallation
#   - coralogix.com/Alert
#   - coralogix.com/RecordingRuleGroupSet
#   - k8s.mariadb.com/MariaDB
#   - k8s.mariadb.com/Backup
#   - mariadb.mmontes.io/MariaDB
package rift.health.reports_status

import data.rift.health.lib

health := lib.waiting if lib.no_status(input)

health := lib.waiting if {
	lib.has_status(input)
	object.keys(input.status) == {"observedGeneration"}
}
