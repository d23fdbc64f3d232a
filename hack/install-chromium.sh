#!/usr/bin/env bash
# Installs Debian's chromium for the HTML report test
# (analyzer/report TestHTMLInChromium) when no chromium is on PATH.
# Safe to run repeatedly: it does nothing when chromium is already present.
set -euo pipefail

for bin in chromium chromium-browser google-chrome; do
	if command -v "$bin" >/dev/null 2>&1; then
		echo "install-chromium: $bin already installed ($(command -v "$bin"))"
		exit 0
	fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	if ! command -v sudo >/dev/null 2>&1; then
		echo "install-chromium: not root and no sudo; install the chromium package by hand" >&2
		exit 1
	fi
	SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium
command -v chromium >/dev/null 2>&1 || { echo "install-chromium: chromium still missing after install" >&2; exit 1; }
echo "install-chromium: installed $(chromium --version 2>/dev/null || echo chromium)"
