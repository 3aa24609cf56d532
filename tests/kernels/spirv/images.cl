// Image built-ins for the SPIR-V image tests (spirv_images_test.cpp): compiled to SPIR-V at
// build time, where they become OpTypeImage, OpTypeSampler, OpTypeSampledImage, OpSampledImage,
// OpConstantSampler, OpImageSampleExplicitLod, OpImageRead, OpImageWrite and OpImageQuery*.

__constant sampler_t nearest_clamp =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

// Sampled reads: through a program-scope sampler constant and through a sampler argument.
__kernel void sampled(__read_only image2d_t src, sampler_t given, __global const float2* coords,
                      __global float4* by_constant, __global float4* by_argument) {
  size_t i = get_global_id(0);
  by_constant[i] = read_imagef(src, nearest_clamp, coords[i]);
  by_argument[i] = read_imagef(src, given, coords[i]);
}

// Sampler-less reads and writes of unsigned integers.
__kernel void increment(__read_only image2d_t src, __write_only image2d_t dst) {
  int2 at = (int2)(get_global_id(0), get_global_id(1));
  write_imageui(dst, at, read_imageui(src, at) + (uint4)(1, 2, 3, 4));
}

// The queries of a 2D image and a 2D image array.
__kernel void queries(__read_only image2d_t plane, __read_only image2d_array_t layers,
                      __global int* out) {
  out[0] = get_image_width(plane);
  out[1] = get_image_height(plane);
  int2 dim = get_image_dim(plane);
  out[2] = dim.x;
  out[3] = dim.y;
  out[4] = get_image_channel_order(plane);
  out[5] = get_image_channel_data_type(plane);
  out[6] = get_image_width(layers);
  out[7] = (int)get_image_array_size(layers);
}

// A depth image (cl_khr_depth_images): read_imagef gives one float.
__kernel void depth(__read_only image2d_depth_t src, __global float* out) {
  int i = get_global_id(0);
  out[i] = read_imagef(src, nearest_clamp, (float2)(i - 1 + 0.5f, 0.5f));
}
