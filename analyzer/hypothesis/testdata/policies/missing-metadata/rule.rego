package rift.rules.no_metadata

hypothesis contains {"subject": {"kind": "Pod", "name": "x"}} if false
