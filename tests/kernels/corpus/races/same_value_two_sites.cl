// Every work-item stores 1 to flags[0] at one line and to flags[0] or flags[1] at the next:
// every store to a flag stores the value it already holds, so each pair of these unordered
// writes is the same-value kind, whichever work-item's store is judged against whichever.
// run: kernel=two_sites global=32 local=32
// arg 0: buffer int 2 init=zero

kernel void two_sites(global int* flags) {
  size_t gid = get_global_id(0);
  flags[0] = 1;  // expect: race-same-value
  flags[gid & 1] = 1;  // expect: race-same-value
}
