// Group g reads what group g+1 writes: a barrier and a global fence inside each group do not
// order work-groups (OpenCL 1.2 §3.3.1), so the read and the write race.
// run: kernel=read_next_group global=256 local=64
// arg 0: buffer int 256 init=zero
// arg 1: buffer int 256 init=zero

kernel void read_next_group(global int* data, global int* out) {
  size_t i = get_global_id(0);
  data[i] = (int)i;  // expect: race-read-write
  barrier(CLK_GLOBAL_MEM_FENCE);
  size_t next = (i + 64) % get_global_size(0);
  out[i] = data[next];  // expect: race-read-write
}
