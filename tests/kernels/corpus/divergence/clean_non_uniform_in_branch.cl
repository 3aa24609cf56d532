// Clean: the non-uniform sub-group functions of the cl_khr_subgroup_* extensions "need not be
// encountered by all work items in a sub-group" (cl_khr_subgroup_ballot,
// cl_khr_subgroup_non_uniform_vote, cl_khr_subgroup_non_uniform_arithmetic,
// cl_khr_subgroup_shuffle, cl_khr_subgroup_shuffle_relative, cl_khr_subgroup_clustered_reduce):
// each is reached here by part of each sub-group (a data-dependent branch, then an early
// return), with the same index for all active work-items where one is asked for. Reporting any
// of them as divergence would be false.
// run: kernel=part global=96 local=48 options=-cl-std=CL3.0
// arg 0: buffer int 96 init=random
// arg 1: buffer int 96 init=zero

kernel void part(global const int* in, global int* out) {
  size_t i = get_global_id(0);
  int x = in[i];
  uint lid = get_sub_group_local_id();
  int r = 0;
  if (x % 3 != 0) {
    uint4 active = sub_group_ballot(1);
    r += sub_group_elect();
    r += sub_group_non_uniform_all(x > 10) + sub_group_non_uniform_any(x == 7);
    r += sub_group_non_uniform_all_equal(x);
    r += sub_group_non_uniform_broadcast(x, sub_group_ballot_find_lsb(active));
    r += sub_group_broadcast_first(x);
    r += sub_group_non_uniform_reduce_add(x) + sub_group_non_uniform_scan_inclusive_max(x);
    r += sub_group_non_uniform_scan_exclusive_xor(x);
    r += sub_group_non_uniform_reduce_logical_or(x & 1);
    r += sub_group_clustered_reduce_min(x, 4);
    r += sub_group_ballot_bit_count(active) + sub_group_ballot_exclusive_scan(active);
  }
  if (lid % 2 == 0) r += sub_group_shuffle_xor(x, 2) + sub_group_shuffle(x, lid / 4 * 4);
  if (lid >= 4) r += sub_group_shuffle_up(x, 2);
  if (lid + 4 < get_sub_group_size()) r += sub_group_shuffle_down(x, 2);
  if (lid >= 20) return;
  r += sub_group_non_uniform_reduce_mul(x & 3) + sub_group_clustered_reduce_and(x, 8);
  out[i] = r;
}
