package memory

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"syscall"
	"unsafe"
)

// thpEnabled is where Linux says when it backs memory with transparent
// huge pages: "always", "madvise" (only ranges a program advised) or
// "never", the current mode in brackets.
const thpEnabled = "/sys/kernel/mm/transparent_hugepage/enabled"

// maxHugeHeap bounds the heap address range adviseHugePages prepares.
const maxHugeHeap = 16 << 30

// adviseHugePages asks Linux to back the heap with transparent huge pages
// where the kernel leaves that to the program (mode "madvise", the default
// of many distributions), because the Go runtime no longer asks. An
// analysis reads fields all over a heap of one to two gigabytes, and with
// 4 KiB pages much of its time went to TLB misses and page faults: on a
// 2-core VM, 100k objects took 7.2 s (9 s user, 3.5 s system) with small
// pages and 2.7-3.3 s with huge ones (docs/performance.md).
//
// It allocates one large block before anything else, which makes the
// runtime map that much fresh heap address space, advises the block's
// range, and frees it again: the heap's later allocations reuse the
// advised range. Nothing in the block is touched, so it costs no memory:
// a page fault there later brings in a huge page instead of 4 KiB. The
// runtime clears a new block only if it reuses pages freed before, so a
// pad as large as the whole heap so far is allocated first: it takes the
// heap's free tail (a few MiB to clear at most), and the block after it
// is all fresh. RIFT_HUGEPAGES=0 turns it off.
func adviseHugePages() { _, _ = adviseHugePagesFrom(thpEnabled) }

// adviseHugePagesFrom is adviseHugePages with the mode read from modeFile.
// It returns the advised range, or 0, 0 when it advised nothing.
func adviseHugePagesFrom(modeFile string) (base, n uintptr) {
	if os.Getenv("RIFT_HUGEPAGES") == "0" {
		return 0, 0
	}
	mode, err := os.ReadFile(modeFile)
	if err != nil || !bytes.Contains(mode, []byte("[madvise]")) {
		return 0, 0 // always: nothing to ask; never: nothing to get
	}
	size := min(memoryAvailable()/4, maxHugeHeap)
	if size < 64<<20 {
		return 0, 0
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	pad := make([]byte, ms.HeapSys+1<<20)
	block := make([]byte, size)
	if syscall.Madvise(block, syscall.MADV_HUGEPAGE) == nil {
		base, n = uintptr(unsafe.Pointer(unsafe.SliceData(block))), uintptr(len(block))
	}
	runtime.KeepAlive(pad)
	pad, block = nil, nil
	debug.FreeOSMemory()
	return base, n
}
