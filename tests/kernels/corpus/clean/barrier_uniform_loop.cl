// A barrier inside a loop whose trip count comes from an argument: every work-item takes the
// same number of trips, so every barrier is reached by the whole group.
// run: kernel=rotate global=32 local=32
// arg 0: buffer int 32 init=iota
// arg 1: value int 5

kernel void rotate(global int* data, int times) {
  local int ring[32];
  size_t lid = get_local_id(0);
  ring[lid] = data[lid];
  for (int t = 0; t < times; ++t) {
    barrier(CLK_LOCAL_MEM_FENCE);
    int next = ring[(lid + 1) % 32];
    barrier(CLK_LOCAL_MEM_FENCE);
    ring[lid] = next;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[lid] = ring[lid];
}
