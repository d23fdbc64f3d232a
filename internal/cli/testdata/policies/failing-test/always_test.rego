package rift.user.always_test

test_passes if true

test_fails if false
