package rift.lib_test

import data.rift.lib

test_count_of_singular if lib.count_of(1, "restart") == "1 restart"

test_count_of_plural if {
	lib.count_of(0, "restart") == "0 restarts"
	lib.count_of(7, "restart") == "7 restarts"
}
