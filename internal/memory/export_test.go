package memory

// Test hooks for the external tests (hugepages_linux_test.go), which
// import rift's command packages to start as rift does.
var (
	AdviseHugePagesFrom = adviseHugePagesFrom
	BatchCollector      = batchCollector
	THPEnabled          = thpEnabled
)
