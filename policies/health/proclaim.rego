# METADATA
# title: Proclaim DNS-SD service instances
# description: >-
#   Not adopted by any provider, or failing to advertise, failed; not
#   discoverable yet progressing; discovery that cannot tell unknown;
#   discoverable converged.
# custom:
#   id: health-proclaim
#   group: proclaim.dogmatiq.io
#   kinds: [DNSSDServiceInstance]
package rift.health.proclaim

import data.rift.health.lib

health := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(lib.text([lib.cond_message(input, t), t]), [lib.cond_field(t)]) if {
	some t in ["Adopted", "Advertised"]
	lib.cond_false(input, t)
	not multiple
} else := lib.unknown(lib.cond_message(input, "Discoverable"), [lib.cond_field("Discoverable")]) if {
	lib.cond_status(input, "Discoverable") == "Unknown"
} else := lib.progressing(lib.cond_message(input, "Discoverable"), [lib.cond_field("Discoverable")]) if {
	lib.cond_false(input, "Discoverable")
} else := lib.converged(lib.cond_message(input, "Discoverable"), [lib.cond_field("Discoverable")]) if {
	lib.cond_true(input, "Discoverable")
}

multiple if {
	lib.cond_false(input, "Adopted")
	lib.cond_false(input, "Advertised")
}
