// Which libOpenCL an application will load, and what `clvet run` does when that loader
// ignores OPENCL_LAYERS (CUDA's libOpenCL does): put clvet's copy of ocl-icd first, over the
// ICDs the application's loader would have found.
#pragma once

#include <string>

namespace clvet::cli {

struct LoaderPlan {
  std::string application_loader;  // the libOpenCL the program would load; empty if unknown
  bool honours_layers = false;     // it reads OPENCL_LAYERS
  std::string put_first;           // a folder to put first on LD_LIBRARY_PATH; empty: none
  // A folder of .icd files made for this run, for OCL_ICD_VENDORS (removed afterwards);
  // empty: the loader reads the system's.
  std::string icd_dir;
  std::string message;  // one line for stderr saying what clvet did; empty: nothing
};

// `program` as execvp would find it; `mode` is CLVET_LOADER (auto, system, clvet).
LoaderPlan plan_loader(const std::string& program, const std::string& mode);

// The folder of clvet's copy of ocl-icd, and the layer library, beside this build's clvet.
std::string clvet_loader_dir();
std::string clvet_layer_path();

}  // namespace clvet::cli
