// Members of a packed struct: an int at offset 1 and a float at offset 5, read and written in
// private memory, in a __global buffer of such structs and in __local memory. Their alignment
// is 1 (attribute packed, OpenCL 1.2 §6.11.1), so no access is misaligned.
// run: kernel=packed global=32 local=16
// arg 0: buffer uchar 288 init=iota
// arg 1: buffer int 32 init=zero
// compare: pocl

typedef struct __attribute__((packed)) {
  char tag;
  int count;
  float weight;
} Packed;  // 9 bytes

kernel void packed(global Packed* records, global int* out) {
  local Packed shared[16];
  size_t gid = get_global_id(0), lid = get_local_id(0);
  Packed p = records[gid];
  p.count += 1;
  p.weight *= 0.5f;
  shared[lid] = p;
  records[gid].count = p.count;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid] = shared[15 - lid].count + (shared[lid].weight > 1.0f ? 1 : 0) + shared[lid].tag;
}
