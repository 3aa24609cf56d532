// A fine-grain SVM allocation written one element past its end by the last work-item.
// run: kernel=scale global=32 local=16
// arg 0: svm float 32 init=random fine

kernel void scale(global float* data) {
  size_t i = get_global_id(0);
  float v = data[i];
  data[i + (i == 31 ? 1 : 0)] = 2.0f * v;  // expect: out-of-bounds
}
