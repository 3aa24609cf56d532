// Stream compaction: each kept element takes a slot from an atomic counter and writes there;
// slots are distinct, so the writes do not race.
// run: kernel=compact global=256 local=64
// arg 0: buffer int 256 init=random
// arg 1: buffer int 256 init=zero
// arg 2: buffer int 1 init=zero

kernel void compact(global const int* in, global int* out, global int* count) {
  int v = in[get_global_id(0)];
  if (v % 3 == 0) out[atomic_inc(count)] = v;
}
