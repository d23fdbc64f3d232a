# METADATA
# title: Widgets
# custom:
#   id: user-widgets
#   group: example.com
#   kinds: [Widget]
package rift.health.user_widgets

import data.rift.health.lib

health := lib.converged("spinning", ["status.spin"]) if input.status.spin == true

else := lib.failed("stopped", ["status.spin"])
