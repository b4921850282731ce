#!/bin/sh
# Starts Chromium (CHROMIUM_PATH, as in chromium.mjs) with every --disable-features switch it was
# given merged into one. Chromium reads only the last of them, and Playwright passes a list of its
# own: a second switch of ours beside it would silently turn Playwright's back on.
features=
for arg do
  shift
  case $arg in
    --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@" ${features:+"--disable-features=$features"}
