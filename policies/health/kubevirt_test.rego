package rift.health.kubevirt_test

import data.rift.health.kubevirt

test_vm_stopped if kubevirt.health.status == "suspended" with input as {"kind": "VirtualMachine", "status": {"printableStatus": "Stopped"}}

test_dv_importing if kubevirt.health.status == "progressing" with input as {"kind": "DataVolume", "status": {"phase": "ImportInProgress"}}
