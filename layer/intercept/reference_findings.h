// The reference device's kernel findings in the layer's trace: when the layer runs over clvet's
// reference device, the device hands it each finding of a kernel launch (the checkers' with
// their evidence: lines, work-items, object and offset), and the layer tells the device the call
// index of each launch it forwards, so that those findings name the trace's calls.
#pragma once

#include <cstdint>

namespace clvet::layer::reference_findings {

// Asks the reference platform `platform` for its kernel findings (once per process).
void listen(const void* platform);
// Before a launch is forwarded to the reference platform `platform`: its findings carry `call`.
void launching(const void* platform, std::uint64_t call);

}  // namespace clvet::layer::reference_findings
