//go:build !linux

package memory

// adviseHugePages is Linux's; elsewhere the system decides.
func adviseHugePages() {}
