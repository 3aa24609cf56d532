// A clustered reduction over clusters of 3: "Behavior is undefined if the specified cluster
// size is not an integer constant expression, is not a power-of-two, or is greater than the
// maximum size of a sub-group within the dispatch" (cl_khr_subgroup_clustered_reduce).
// run: kernel=triples global=32 local=32 options=-cl-std=CL3.0
// arg 0: buffer int 32 init=iota

kernel void triples(global int* data) {
  size_t i = get_global_id(0);
  data[i] = sub_group_clustered_reduce_add(data[i], 3);  // expect: undefined-behaviour
}
