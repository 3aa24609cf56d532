// A __local array of structs where each work-item sets only .count; a neighbour's .total is
// stored to global memory.
// run: kernel=local_structs global=16 local=16
// arg 0: buffer float 16 init=zero

typedef struct {
  int count;
  float total;
} Tally;

kernel void local_structs(global float* out) {
  local Tally tallies[16];
  size_t lid = get_local_id(0);
  tallies[lid].count = (int)lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = tallies[(lid + 1) % 16].total + (float)tallies[lid].count;  // expect: uninitialised
}
