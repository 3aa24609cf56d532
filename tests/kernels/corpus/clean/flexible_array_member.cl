// A struct with a flexible array member (C99 §6.7.2.1 16) in a __global buffer: the trailing
// array has no declared length and is bounded by the buffer only, so reading and writing its
// elements past the struct's own size, in a loop with a constant trip count that an optimising
// build unrolls, is in bounds.
// run: kernel=scale_packet global=4 local=4
// arg 0: buffer int 36 init=iota
// compare: pocl

typedef struct {
  int count;
  int values[];
} Packet;

kernel void scale_packet(global Packet* packets) {
  int id = (int)get_global_id(0);
  global Packet* p = (global Packet*)((global int*)packets + id * 9);
  for (int k = 0; k < 8; ++k) p->values[k] = p->values[k] * 2 + p->count;
}
