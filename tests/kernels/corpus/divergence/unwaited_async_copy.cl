// An async copy that nobody waits for: the work-items finish with the copy outstanding
// (OpenCL 1.2 §6.12.10: wait_group_events must be called before the copied data is used and
// the copy is complete only then).
// run: kernel=fire_and_forget global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: buffer int 32 init=zero

kernel void fire_and_forget(global const int* in, global int* out) {
  local int tile[32];
  async_work_group_copy(tile, in, 32, 0);  // expect: unwaited-async-copy
  out[get_local_id(0)] = 3;
}
