// The trace recorder: a CallObserver that writes every call, object event and finding to a
// .clvt file (CLVET_TRACE) through trace::Writer.
#pragma once

namespace clvet::layer {

// Installs the recorder when CLVET_TRACE names a file; nothing otherwise. Called once, from
// start(), before the application's first call reaches the layer.
void start_trace();

}  // namespace clvet::layer
