package timeline

import "strings"

// repairNotices are Warning reasons with which the API server's allocator
// repair loops report an inconsistency they have just repaired: an IP or
// node port a Service holds that the allocator did not record. The loops
// run on their own schedule and race with Service creation (the Service is
// listed before its IPAddress), so the notice appears at random beside a
// new Service and then never again. It says what the control plane fixed,
// not what failed, so it never starts a chain.
var repairNotices = map[string]bool{
	"ClusterIPNotAllocated": true,
	"PortNotAllocated":      true,
}

// selfRepaired reports whether oc is such a notice: a repair reason whose
// message says it is repairing.
func selfRepaired(oc occurrence) bool {
	return repairNotices[oc.reason] && strings.Contains(oc.message, "repairing")
}
