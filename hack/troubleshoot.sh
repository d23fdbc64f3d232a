#!/usr/bin/env bash
# troubleshoot.sh builds troubleshoot's own `support-bundle` binary into
# .cache/troubleshoot (git-ignored), so that `make bench` can run its
# analyzer beside rift's on the same bundle (issue 22). The module's go.mod
# has replace directives, so `go install …@version` refuses it: this copies
# the module from the module proxy and builds ./cmd/troubleshoot inside it.
# A few hundred modules (Kubernetes, cloud SDKs) come from the proxy the
# first time: about 3 minutes on 2 cores with a warm module cache.
#
#   bash hack/troubleshoot.sh            # idempotent; prints the binary
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=${TROUBLESHOOT_VERSION:-v0.133.0}
DIR=.cache/troubleshoot
BIN=$DIR/support-bundle
if [[ -x $BIN && -f $DIR/version && $(cat "$DIR/version") == "$VERSION" ]]; then
	echo "$BIN"
	exit 0
fi
mkdir -p "$DIR"
src=$(go mod download -json "github.com/replicatedhq/troubleshoot@$VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[[ -n $src ]] || { echo "troubleshoot.sh: module github.com/replicatedhq/troubleshoot@$VERSION not served" >&2; exit 1; }
rm -rf "$DIR/src"
cp -r "$src" "$DIR/src"
chmod -R u+w "$DIR/src"
(cd "$DIR/src" && go build -o ../support-bundle ./cmd/troubleshoot)
echo "$VERSION" >"$DIR/version"
echo "$BIN"
