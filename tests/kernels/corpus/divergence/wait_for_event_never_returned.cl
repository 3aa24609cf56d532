// The group waits for two events, but only the first was returned by an async copy: the
// second copy sits behind a condition no work-item meets, so its slot in the list holds an
// event no async copy returned (OpenCL 1.2 §6.12.10: the events identify async copies).
// run: kernel=wait_unset global=32 local=32 args=0,1,2
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 32 init=zero
// arg 2: value int 0

kernel void wait_unset(global const int* in, global int* out, int second) {
  local int a[32];
  local int b[32];
  size_t lid = get_local_id(0);
  event_t events[2];
  events[0] = async_work_group_copy(a, in, 32, 0);
  if (second) events[1] = async_work_group_copy(b, in + 32, 32, 0);
  wait_group_events(2, events);  // expect: undefined-behaviour
  out[lid] = a[lid];
}
