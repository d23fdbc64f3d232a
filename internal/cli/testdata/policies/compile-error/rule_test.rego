package rift.user.compile_error_test

test_uses_unknown_function if {
	no_such_function(1)
}
