//go:build !linux

package main

// adviseHugePages is Linux's; elsewhere the system decides.
func adviseHugePages() {}
