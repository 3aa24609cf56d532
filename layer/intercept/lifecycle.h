// The layer's start (the loader initialises it) and end (exit, or clDeinitLayer): objects
// still held are reported as leaks and the findings are written out.
#pragma once

namespace clvet::layer {

void start();
// Idempotent; runs at most once per process.
void finish();

}  // namespace clvet::layer
