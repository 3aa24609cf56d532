// Who broke the specification and how badly: the two judgements every finding carries.
#pragma once

namespace clvet::reports {

// Who broke the specification.
enum class Category {
  Application,  // the program called the API wrongly, leaked, raced...
  Platform,     // the OpenCL implementation answered against the spec
};

enum class Severity { Note, Warning, Error };

}  // namespace clvet::reports
