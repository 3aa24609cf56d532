// Two copies, only the first waited for.
// run: kernel=one_of_two global=32 local=32
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 32 init=zero

kernel void one_of_two(global const int* in, global int* out) {
  local int a[32];
  local int b[32];
  event_t first = async_work_group_copy(a, in, 32, 0);
  event_t second = async_work_group_copy(b, in + 32, 32, 0);  // expect: unwaited-async-copy
  wait_group_events(1, &first);
  out[get_local_id(0)] = a[get_local_id(0)];
}
