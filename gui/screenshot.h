// The window as a PNG, for tests, bug reports and the README: open a trace, let its scan
// finish, show a view with something interesting selected, save, and report what went wrong.
#pragma once

#include <QString>

namespace clvet::gui {

class MainWindow;

// Selects what a view shows best in a picture (the first call with a finding, the first
// buffer, image or kernel with findings) after the scan has finished.
void prepareView(MainWindow& window, const QString& view);
// `findings`: a JSON report whose kernel findings the kernel view shows (may be empty).
// `diff`: results of `clvet diff --format=json` for the diff view (may be empty).
bool saveScreenshot(const QString& trace, const QString& view, const QString& png,
                    const QString& findings, const QString& diff, QString& error);

}  // namespace clvet::gui
