#!/bin/sh
# Builds the demo app for the iOS Simulator without an Xcode project: swiftc against the
# simulator SDK, the Info.plist beside the binary, an ad-hoc signature. Needs Xcode.
# Output: demos/ios/app/build/BajutsuDemo.app (the path demos/ios/bajutsu.config.yaml installs).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/build/BajutsuDemo.app"
sdk=$(xcrun --sdk iphonesimulator --show-sdk-path)
arch=$(uname -m)
[ "$arch" = "arm64" ] || arch=x86_64
rm -rf "$out"
mkdir -p "$out"
xcrun --sdk iphonesimulator swiftc \
  -target "$arch-apple-ios17.0-simulator" \
  -sdk "$sdk" \
  -parse-as-library \
  -O \
  -o "$out/BajutsuDemo" \
  "$here"/Sources/*.swift
cp "$here/Info.plist" "$out/Info.plist"
codesign --force --sign - --timestamp=none "$out"
echo "built $out"
