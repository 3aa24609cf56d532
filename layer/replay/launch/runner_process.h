// A clvet-launch-runner process that runs launches one after another (runner/runner_main.cpp),
// from clvet's side: started when first needed, and again after one crashed or was stopped.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

namespace clvet::replay {

class RunnerProcess {
 public:
  // `runner`: the executable; `icd_dir`: the reference device's .icd folder; `against`:
  // "reference" or a platform of the system's loader.
  RunnerProcess(std::string runner, std::string icd_dir, std::string against);
  ~RunnerProcess();
  RunnerProcess(const RunnerProcess&) = delete;
  RunnerProcess& operator=(const RunnerProcess&) = delete;

  // Runs the launch whose trace is FOLDER/launch.clvt; true when the runner answered (its
  // FOLDER/result.json says what happened), else false with `error`: the runner could not
  // start, died during the launch (a crash, its status) or was stopped after
  // `timeout_seconds` (0: no limit). A runner that died is replaced at the next run.
  bool run(const std::string& folder, unsigned timeout_seconds, std::string& error);
  // Asks the runner of the last launch a question about it ("writer ARG OFFSET SIZE"); its
  // answer, or nullopt when that runner is gone or does not answer in time.
  std::optional<std::string> ask(const std::string& question, unsigned timeout_seconds);

  const std::string& runner() const { return runner_; }
  const std::string& icd_dir() const { return icd_dir_; }
  const std::string& against() const { return against_; }
  // Runner processes started so far (1 unless one crashed or was stopped).
  unsigned started() const { return started_; }

 private:
  bool start(std::string& error);
  // Sends `request` and waits for the answer line that starts with `answer_start`; `answer`
  // is the rest of it.
  bool exchange(const std::string& request, const std::string& answer_start, unsigned timeout_seconds,
                std::string& answer, std::string& error);
  // Kills the runner (when `kill_it`) and reaps it; its wait status.
  int stop(bool kill_it);

  std::string runner_, icd_dir_, against_;
  pid_t pid_ = -1;
  int socket_ = -1;  // the runner's stdin and stdout
  std::string pending_;  // answer bytes read past the last line
  unsigned started_ = 0;
};

}  // namespace clvet::replay
