package testcluster

import (
	"fmt"
	"net"
)

// freePorts reserves n distinct loopback TCP ports. The listeners are held
// until all n are chosen, so the same port is never handed out twice; the
// small window between closing and the component binding is accepted.
func freePorts(n int) ([]int, error) {
	ports := make([]int, 0, n)
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("reserving a loopback port: %w", err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
