// Hidden race: work-items 0 and 1 read the same element on different lines, work-item 2
// writes it. A detector that remembers only the first read of an epoch reports the pair
// (line of work-item 0, write) and never the pair (line of work-item 1, write); both race.
// run: kernel=third_reader global=64 local=64
// arg 0: buffer int 4 init=iota
// arg 1: buffer int 64 init=zero

kernel void third_reader(global int* shared_value, global int* out) {
  size_t lid = get_local_id(0);
  if (lid == 0) {
    out[0] = shared_value[1];  // expect: race-read-write
  } else if (lid == 1) {
    out[1] = shared_value[1] * 2;  // expect: race-read-write
  } else if (lid == 2) {
    shared_value[1] = 42;  // expect: race-read-write
  }
}
