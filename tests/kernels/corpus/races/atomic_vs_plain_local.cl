// The same in __local memory: atomics on a local counter, a plain read of it by one
// work-item before any barrier.
// run: kernel=local_count global=64 local=64
// arg 0: buffer int 64 init=iota
// arg 1: buffer int 2 init=zero

kernel void local_count(global const int* in, global int* out) {
  local int count;
  if (get_local_id(0) == 0) count = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (in[get_global_id(0)] % 2 == 0) atomic_inc(&count);  // expect: race-read-write
  if (get_local_id(0) == 1) out[0] = count;  // expect: race-read-write
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) out[1] = count;
}
