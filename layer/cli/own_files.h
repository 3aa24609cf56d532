// Where clvet's own files are, found from the clvet binary's location so that a build tree,
// an installed tree and a copy of either work without a path fixed at build time:
//   build tree  <build>/layer/clvet beside libclvet-layer.so and libclvet-device.so,
//               <build>/loader, <build>/icd, <build>/share/clvet/clauses.tsv
//   installed   <prefix>/bin/clvet; the libraries, loader/ and icd/ in <prefix>/<libdir>/clvet;
//               <prefix>/share/clvet/clauses.tsv
#pragma once

#include <filesystem>
#include <string_view>

namespace clvet::cli {

// The first place `name` (a file or folder of clvet's) exists; where an installed tree keeps
// it when it is nowhere, so that an error names the expected place.
std::filesystem::path own_file(std::string_view name);

}  // namespace clvet::cli
