// Rules: Entry points of sharing extensions the reference device does not support (GL, EGL).
#pragma once

#include <bit>

#include "catalogue.h"
#include "image.h"

namespace clvet::rules::sharing {

// The OpenCL context was created from an OpenGL context or share group (cl_khr_gl_sharing,
// "Specifying OpenGL contexts": CL_GL_CONTEXT_KHR or CL_CGL_SHAREGROUP_KHR in its properties).
inline bool created_from_gl(const World& w, cl_context context) {
  if (!valid(w, context)) return false;
  auto list = get_array<cl_context_properties>(w, InfoQuery::Context, context, CL_CONTEXT_PROPERTIES);
  if (list.empty()) return false;
  auto props = read_properties(list.data(), list.size() / 2);
  return props.value(CL_GL_CONTEXT_KHR).value_or(0) != 0 ||
         props.value(CL_CGL_SHAREGROUP_KHR).value_or(0) != 0;
}
// CL_INVALID_CONTEXT: "context is not a valid context or was not created from an OpenGL context".
inline bool not_gl_context(const World& w, cl_context context) {
  return !valid(w, context) || !created_from_gl(w, context);
}

// "Only CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY and CL_MEM_READ_WRITE values ... can be used"
// (cl_khr_gl_sharing and cl_khr_egl_image), one of them at most.
inline bool flags_invalid(cl_mem_flags flags) {
  return (flags & ~images::kAccessFlags) != 0 || std::popcount(flags & images::kAccessFlags) > 1;
}

// OpenGL texture targets (GL headers are not part of the OpenCL ones).
inline constexpr cl_GLenum kTexture1D = 0x0DE0, kTexture2D = 0x0DE1, kTexture3D = 0x806F,
                           kTexture1DArray = 0x8C18, kTexture2DArray = 0x8C1A,
                           kTextureBuffer = 0x8C2A, kTextureRectangle = 0x84F5,
                           kCubeMapPositiveX = 0x8515, kCubeMapNegativeZ = 0x851A;
inline bool is_cube_face(cl_GLenum target) {
  return target >= kCubeMapPositiveX && target <= kCubeMapNegativeZ;
}
// clCreateFromGLTexture2D's targets.
inline bool target_2d(cl_GLenum target) {
  return target == kTexture2D || target == kTextureRectangle || is_cube_face(target);
}
// clCreateFromGLTexture's targets.
inline bool target_any(cl_GLenum target) {
  return target_2d(target) || target == kTexture1D || target == kTexture1DArray ||
         target == kTextureBuffer || target == kTexture2DArray || target == kTexture3D;
}

// A command's memory objects: not valid, or (EGL) of another context than the queue.
inline bool mem_objects_invalid(const World& w, cl_uint count, const cl_mem* list) {
  for (cl_uint i = 0; list && i < count; ++i)
    if (!valid(w, list[i])) return true;
  return false;
}
inline bool mem_objects_invalid_in(const World& w, cl_command_queue queue, cl_uint count,
                                   const cl_mem* list) {
  if (mem_objects_invalid(w, count, list)) return true;
  if (!valid(w, queue)) return false;
  cl_context context = context_of(w, queue);
  for (cl_uint i = 0; list && i < count; ++i)
    if (context_of(w, list[i]) != context) return true;
  return false;
}
inline bool count_list_mismatch(cl_uint count, const cl_mem* list) {
  return (count == 0) != (list == nullptr);
}
// "If num_objects is 0 and mem_objects is NULL the function does nothing and returns CL_SUCCESS".
inline bool nothing_to_do(cl_uint count, const cl_mem* list) {
  return count == 0 && list == nullptr;
}

// clGetGLContextInfoKHR's properties: the names clCreateContext knows with cl_khr_gl_sharing.
inline bool gl_property_name_invalid(const cl_context_properties* list) {
  for (auto& [key, value] : read_properties(list).entries) {
    switch (key) {
      case CL_CONTEXT_PLATFORM:
      case CL_CONTEXT_INTEROP_USER_SYNC:
      case CL_GL_CONTEXT_KHR:
      case CL_CGL_SHAREGROUP_KHR:
      case CL_EGL_DISPLAY_KHR:
      case CL_GLX_DISPLAY_KHR:
      case CL_WGL_HDC_KHR: continue;
      default: return true;
    }
  }
  return false;
}
// More than one window-system binding, or a CGL share group with a GL context.
inline bool gl_bindings_conflict(const cl_context_properties* list) {
  auto props = read_properties(list);
  auto set = [&](cl_context_properties key) { return props.value(key).value_or(0) != 0; };
  int bindings = set(CL_CGL_SHAREGROUP_KHR) + set(CL_EGL_DISPLAY_KHR) + set(CL_GLX_DISPLAY_KHR) +
                 set(CL_WGL_HDC_KHR);
  return bindings > 1 || (set(CL_CGL_SHAREGROUP_KHR) && set(CL_GL_CONTEXT_KHR));
}

}  // namespace clvet::rules::sharing

// The clause every cl_khr_gl_sharing creation function starts with.
#define CLVET_GL_CONTEXT_RULE(Name, Since)                                                        \
  CLVET_RULE(Name##InvalidContext, "cl" #Name, CL_INVALID_CONTEXT, Spec::Extension,             \
             "cl_khr_gl_sharing",                                                                \
             "CL_INVALID_CONTEXT if context is not a valid context or was not created from an "  \
             "OpenGL context.",                                                                  \
             Since, Still, CLVET_CHECK(Name, sharing::not_gl_context(w, a.context)))

// ---- cl_khr_gl_sharing: clCreateFromGLBuffer ----
CLVET_GL_CONTEXT_RULE(CreateFromGLBuffer, V1_0)
CLVET_RULE(CreateFromGLBufferInvalidFlags, "clCreateFromGLBuffer", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_VALUE if values specified in flags are not valid.", V1_0, Still,
           CLVET_CHECK(CreateFromGLBuffer, sharing::flags_invalid(a.flags)))
CLVET_RULE(CreateFromGLBufferInvalidGLObject, "clCreateFromGLBuffer", CL_INVALID_GL_OBJECT,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_GL_OBJECT if bufobj is not an OpenGL buffer object or is an OpenGL buffer "
           "object but does not have an existing data store or the size of the buffer is 0.",
           V1_0, Still, nullptr, "raised when bufobj names no usable buffer of the GL share group")
CLVET_ALLOCATION_RULES(CreateFromGLBuffer, "clCreateFromGLBuffer", Spec::Extension,
                       "cl_khr_gl_sharing", V1_0, "raised when the shared buffer cannot be mapped",
                       "raised when allocating the memory object throws std::bad_alloc")

// ---- cl_khr_gl_sharing: clCreateFromGLTexture (1.2), clCreateFromGLTexture2D/3D (1.0) ----
#define CLVET_GL_TEXTURE_RULES(Name, Since, TargetCheck)                                          \
  CLVET_GL_CONTEXT_RULE(Name, Since)                                                             \
  CLVET_RULE(Name##InvalidValue, "cl" #Name, CL_INVALID_VALUE, Spec::Extension,                  \
             "cl_khr_gl_sharing",                                                                \
             "CL_INVALID_VALUE if values specified in flags are not valid or if value specified " \
             "in texture_target is not one of the values specified in the description of "       \
             "texture_target.",                                                                  \
             Since, Still,                                                                       \
             CLVET_CHECK(Name, sharing::flags_invalid(a.flags) || !(TargetCheck)))               \
  CLVET_RULE(Name##InvalidMipLevel, "cl" #Name, CL_INVALID_MIP_LEVEL, Spec::Extension,           \
             "cl_khr_gl_sharing",                                                                \
             "CL_INVALID_MIP_LEVEL if miplevel is less than the value of levelbase (for OpenGL " \
             "implementations) or zero (for OpenGL ES implementations); or greater than the "    \
             "value of q (for both OpenGL and OpenGL ES).",                                      \
             Since, Still, nullptr, "raised when miplevel is outside the texture's levels")      \
  CLVET_RULE(Name##MipLevelUnsupported, "cl" #Name, CL_INVALID_MIP_LEVEL, Spec::Extension,       \
             "cl_khr_gl_sharing",                                                                \
             "CL_INVALID_MIP_LEVEL if miplevel is greather than zero and the OpenGL "            \
             "implementation does not support creating from non-zero mipmap levels.",            \
             Since, Still, nullptr, "raised when miplevel > 0 and the GL cannot share it")       \
  CLVET_RULE(Name##InvalidGLObject, "cl" #Name, CL_INVALID_GL_OBJECT, Spec::Extension,           \
             "cl_khr_gl_sharing",                                                                \
             "CL_INVALID_GL_OBJECT if texture is not an OpenGL texture object whose type "       \
             "matches texture_target, if the specified miplevel of texture is not defined, or "  \
             "if the width or height of the specified miplevel is zero or if the OpenGL texture " \
             "object is incomplete.",                                                            \
             Since, Still, nullptr, "raised when texture names no usable texture of the GL share group") \
  CLVET_RULE(Name##InvalidFormat, "cl" #Name, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,                \
             Spec::Extension, "cl_khr_gl_sharing",                                               \
             "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if the internal format of texture is not "      \
             "listed in the OpenGL Internal Formats and Corresponding OpenCL Internal Formats "  \
             "table.",                                                                           \
             Since, Still, nullptr, "raised when the texture's internal format has no OpenCL format") \
  CLVET_RULE(Name##BorderTexture, "cl" #Name, CL_INVALID_OPERATION, Spec::Extension,             \
             "cl_khr_gl_sharing",                                                                \
             "CL_INVALID_OPERATION if texture is an OpenGL texture object created with a border " \
             "width value greater than zero.",                                                   \
             Since, Still, nullptr, "raised when the texture has a border")                      \
  CLVET_ALLOCATION_RULES(Name, "cl" #Name, Spec::Extension, "cl_khr_gl_sharing", Since,          \
                         "raised when the shared texture cannot be mapped",                     \
                         "raised when allocating the image object throws std::bad_alloc")

CLVET_GL_TEXTURE_RULES(CreateFromGLTexture, V1_2, sharing::target_any(a.target))
CLVET_GL_TEXTURE_RULES(CreateFromGLTexture2D, V1_0, sharing::target_2d(a.target))
CLVET_GL_TEXTURE_RULES(CreateFromGLTexture3D, V1_0, a.target == sharing::kTexture3D)

// ---- cl_khr_gl_sharing: clCreateFromGLRenderbuffer ----
CLVET_GL_CONTEXT_RULE(CreateFromGLRenderbuffer, V1_0)
CLVET_RULE(CreateFromGLRenderbufferInvalidFlags, "clCreateFromGLRenderbuffer", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_VALUE if values specified in flags are not valid.", V1_0, Still,
           CLVET_CHECK(CreateFromGLRenderbuffer, sharing::flags_invalid(a.flags)))
CLVET_RULE(CreateFromGLRenderbufferInvalidGLObject, "clCreateFromGLRenderbuffer",
           CL_INVALID_GL_OBJECT, Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_GL_OBJECT if renderbuffer is not an OpenGL renderbuffer object, or if the "
           "width or height of renderbuffer is zero.",
           V1_0, Still, nullptr, "raised when renderbuffer names no usable renderbuffer")
CLVET_RULE(CreateFromGLRenderbufferInvalidFormat, "clCreateFromGLRenderbuffer",
           CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR if the internal format of renderbuffer is not listed "
           "in the OpenGL Internal Formats and Corresponding OpenCL Internal Formats table.",
           V1_0, Still, nullptr, "raised when the renderbuffer's format has no OpenCL format")
CLVET_RULE(CreateFromGLRenderbufferMultisample, "clCreateFromGLRenderbuffer", CL_INVALID_OPERATION,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_OPERATION if renderbuffer is a multi-sample OpenGL renderbuffer object.",
           V1_0, Still, nullptr, "raised when the renderbuffer is multi-sampled")
CLVET_ALLOCATION_RULES(CreateFromGLRenderbuffer, "clCreateFromGLRenderbuffer", Spec::Extension,
                       "cl_khr_gl_sharing", V1_0,
                       "raised when the shared renderbuffer cannot be mapped",
                       "raised when allocating the image object throws std::bad_alloc")

// ---- cl_khr_gl_sharing: clGetGLObjectInfo, clGetGLTextureInfo ----
CLVET_RULE(GetGLObjectInfoInvalidMem, "clGetGLObjectInfo", CL_INVALID_MEM_OBJECT, Spec::Extension,
           "cl_khr_gl_sharing",
           "CL_INVALID_MEM_OBJECT if memobj is not a valid OpenCL memory object.", V1_0, Still,
           CLVET_CHECK(GetGLObjectInfo, !valid(w, a.memobj)))
CLVET_RULE(GetGLObjectInfoNoGLObject, "clGetGLObjectInfo", CL_INVALID_GL_OBJECT, Spec::Extension,
           "cl_khr_gl_sharing",
           "CL_INVALID_GL_OBJECT if there is no OpenGL object associated with memobj.", V1_0, Still,
           nullptr, "raised when memobj was not created from an OpenGL object")
CLVET_ALLOCATION_RULES(GetGLObjectInfo, "clGetGLObjectInfo", Spec::Extension, "cl_khr_gl_sharing",
                       V1_0, "never raised: the query allocates nothing on the device",
                       "never raised: the query allocates nothing on the host")

CLVET_RULE(GetGLTextureInfoInvalidMem, "clGetGLTextureInfo", CL_INVALID_MEM_OBJECT,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_MEM_OBJECT if memobj is not a valid OpenCL memory object.", V1_0, Still,
           CLVET_CHECK(GetGLTextureInfo, !valid(w, a.memobj)))
CLVET_RULE(GetGLTextureInfoNoGLTexture, "clGetGLTextureInfo", CL_INVALID_GL_OBJECT,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_GL_OBJECT if there is no OpenGL texture object associated with memobj.",
           V1_0, Still, nullptr, "raised when memobj was not created from an OpenGL texture")
CLVET_RULE(GetGLTextureInfoBadParam, "clGetGLTextureInfo", CL_INVALID_VALUE, Spec::Extension,
           "cl_khr_gl_sharing",
           "CL_INVALID_VALUE if param_name is not one of the supported values, or if the size in "
           "bytes specified by param_value_size is less than size of the return type specified in "
           "the OpenGL Texture Queries table and param_value is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_RULE(GetGLTextureInfoNoOutput, "clGetGLTextureInfo", CL_INVALID_VALUE, Spec::Extension,
           "cl_khr_gl_sharing", "CL_INVALID_VALUE if param_value and param_value_size_ret are NULL.",
           V1_0, Still,
           CLVET_CHECK(GetGLTextureInfo,
                       a.param_value == nullptr && a.param_value_size_ret == nullptr))
CLVET_ALLOCATION_RULES(GetGLTextureInfo, "clGetGLTextureInfo", Spec::Extension, "cl_khr_gl_sharing",
                       V1_0, "never raised: the query allocates nothing on the device",
                       "never raised: the query allocates nothing on the host")

// ---- cl_khr_gl_sharing: clEnqueueAcquireGLObjects, clEnqueueReleaseGLObjects. The queue's
// validity comes first, as for every command. ----
#define CLVET_GL_OBJECTS_RULES(Name)                                                              \
  CLVET_ROLE_RULE(Name##InvalidQueue, Name, InvalidCommandQueue, Spec::Extension,                 \
                  "cl_khr_gl_sharing", V1_0)                                                      \
  CLVET_RULE(                                                                                     \
      Name##BadObjectList, "cl" #Name, CL_INVALID_VALUE, Spec::Extension, "cl_khr_gl_sharing",    \
      "CL_INVALID_VALUE if num_objects is zero and mem_objects is not a NULL value or if "        \
      "num_objects > 0 and mem_objects is NULL.",                                                 \
      V1_0, Still, CLVET_CHECK(Name, sharing::count_list_mismatch(a.num_objects, a.mem_objects))) \
  CLVET_RULE(Name##InvalidMem, "cl" #Name, CL_INVALID_MEM_OBJECT, Spec::Extension,                \
             "cl_khr_gl_sharing",                                                                 \
             "CL_INVALID_MEM_OBJECT if memory objects in mem_objects are not valid OpenCL "       \
             "memory objects.",                                                                   \
             V1_0, Still,                                                                         \
             CLVET_CHECK(Name, sharing::mem_objects_invalid(w, a.num_objects, a.mem_objects)))    \
  CLVET_RULE(Name##NotGLContext, "cl" #Name, CL_INVALID_CONTEXT, Spec::Extension,                 \
             "cl_khr_gl_sharing",                                                                 \
             "CL_INVALID_CONTEXT if context associated with command_queue was not created from "  \
             "an OpenGL context.",                                                                \
             V1_0, Still,                                                                         \
             CLVET_CHECK(Name, !sharing::nothing_to_do(a.num_objects, a.mem_objects) &&           \
                                   !sharing::created_from_gl(w, context_of(w, a.command_queue)))) \
  CLVET_RULE(Name##NotGLObject, "cl" #Name, CL_INVALID_GL_OBJECT, Spec::Extension,                \
             "cl_khr_gl_sharing",                                                                 \
             "CL_INVALID_GL_OBJECT if memory objects in mem_objects have not been created from "  \
             "an OpenGL object(s).",                                                              \
             V1_0, Still, nullptr, "raised when a memory object was not created from GL")         \
  CLVET_ROLE_RULE(Name##InvalidWaitList, Name, InvalidEventWaitList, Spec::Extension,             \
                  "cl_khr_gl_sharing", V1_0)                                                      \
  CLVET_ALLOCATION_RULES(Name, "cl" #Name, Spec::Extension, "cl_khr_gl_sharing", V1_0,            \
                         "never raised: the command takes no device resources",                   \
                         "raised when queuing the command throws std::bad_alloc")

CLVET_GL_OBJECTS_RULES(EnqueueAcquireGLObjects)
CLVET_GL_OBJECTS_RULES(EnqueueReleaseGLObjects)

// ---- cl_khr_gl_sharing: clGetGLContextInfoKHR ----
CLVET_RULE(GetGLContextInfoKHRInvalidShareGroupReference, "clGetGLContextInfoKHR",
           CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR, Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR if a context was specified for an OpenGL or "
           "OpenGL ES implementation using the EGL, GLX, or WGL binding APIs, as described for "
           "clCreateContext; and any of the following conditions hold: The specified display and "
           "context properties do not identify a valid OpenGL or OpenGL ES context. The specified "
           "context does not support buffer and renderbuffer objects. The specified context is not "
           "compatible with the OpenCL context being created.",
           V1_0, Still, nullptr,
           "raised when CL_GL_CONTEXT_KHR names a GL context the platform cannot share with (every "
           "one, on the reference device)")
CLVET_RULE(GetGLContextInfoKHRInvalidCglShareGroup, "clGetGLContextInfoKHR",
           CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR, Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR if a share group was specified for a CGL-based "
           "OpenGL implementation by setting the property CL_CGL_SHAREGROUP_KHR, and the specified "
           "share group does not identify a valid CGL share group object.",
           V1_0, Still, nullptr, "raised when CL_CGL_SHAREGROUP_KHR names no usable share group")
CLVET_RULE(GetGLContextInfoKHRBindingConflict, "clGetGLContextInfoKHR", CL_INVALID_OPERATION,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_OPERATION if a context was specified as described above and any of the "
           "following conditions hold: A context or share group object was specified for one of "
           "CGL, EGL, GLX, or WGL and the OpenGL implementation does not support that window-system "
           "binding API. More than one of the properties CL_CGL_SHAREGROUP_KHR, CL_EGL_DISPLAY_KHR, "
           "CL_GLX_DISPLAY_KHR, and CL_WGL_HDC_KHR is set to a non-default value. Both of the "
           "properties CL_CGL_SHAREGROUP_KHR and CL_GL_CONTEXT_KHR are set to non-default values.",
           V1_0, Still, CLVET_CHECK(GetGLContextInfoKHR, sharing::gl_bindings_conflict(a.properties)))
CLVET_RULE(GetGLContextInfoKHRInvalidPropertyName, "clGetGLContextInfoKHR", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_gl_sharing",
           "CL_INVALID_VALUE if a property name specified in properties is invalid.", V1_0, Still,
           CLVET_CHECK(GetGLContextInfoKHR, sharing::gl_property_name_invalid(a.properties)))
CLVET_RULE(GetGLContextInfoKHRBadParam, "clGetGLContextInfoKHR", CL_INVALID_VALUE, Spec::Extension,
           "cl_khr_gl_sharing",
           "CL_INVALID_VALUE if param_name is not one of the supported values, or if the size in "
           "bytes specified by param_value_size is less than size of the return type specified in "
           "the Supported Device Types table and param_value is not NULL.",
           V1_0, Still, nullptr,
           "raised by the query when param_name is unknown or param_value_size is too small")
CLVET_ALLOCATION_RULES(GetGLContextInfoKHR, "clGetGLContextInfoKHR", Spec::Extension,
                       "cl_khr_gl_sharing", V1_0,
                       "never raised: the query allocates nothing on the device",
                       "never raised: the query allocates nothing on the host")

// ---- cl_khr_gl_event: clCreateEventFromGLsyncKHR ----
CLVET_RULE(CreateEventFromGLsyncKHRInvalidContext, "clCreateEventFromGLsyncKHR", CL_INVALID_CONTEXT,
           Spec::Extension, "cl_khr_gl_event",
           "CL_INVALID_CONTEXT if context is not a valid context, or was not created from a GL "
           "context.",
           V1_1, Still, CLVET_CHECK(CreateEventFromGLsyncKHR, sharing::not_gl_context(w, a.context)))
CLVET_RULE(CreateEventFromGLsyncKHRInvalidSync, "clCreateEventFromGLsyncKHR", CL_INVALID_GL_OBJECT,
           Spec::Extension, "cl_khr_gl_event",
           "CL_INVALID_GL_OBJECT if sync is not the name of a sync object in the GL share group "
           "associated with context.",
           V1_1, Still, nullptr, "raised when sync names no sync object of the GL share group")

// ---- cl_khr_egl_image: clCreateFromEGLImageKHR ----
CLVET_ROLE_RULE_WORDED(CreateFromEGLImageKHRInvalidContext, CreateFromEGLImageKHR, InvalidContext,
                       Spec::Extension, "cl_khr_egl_image", V1_0,
                       "CL_INVALID_CONTEXT if context is not a valid OpenCL context.")
// cl_khr_egl_image defines no properties: any property is an invalid value.
CLVET_RULE(CreateFromEGLImageKHRInvalidValue, "clCreateFromEGLImageKHR", CL_INVALID_VALUE,
           Spec::Extension, "cl_khr_egl_image",
           "CL_INVALID_VALUE if properties contains invalid values, if display is not a valid "
           "display object or if flags are not in the set defined above.",
           V1_0, Still,
           CLVET_CHECK(CreateFromEGLImageKHR, !read_properties(a.properties).entries.empty() ||
                                                  sharing::flags_invalid(a.flags)))
CLVET_RULE(CreateFromEGLImageKHRInvalidImage, "clCreateFromEGLImageKHR", CL_INVALID_EGL_OBJECT_KHR,
           Spec::Extension, "cl_khr_egl_image",
           "CL_INVALID_EGL_OBJECT_KHR if image is not a valid EGLImage object.", V1_0, Still,
           nullptr, "raised when eglimage names no EGLImage of display")
CLVET_RULE(CreateFromEGLImageKHRFormatNotSupported, "clCreateFromEGLImageKHR",
           CL_IMAGE_FORMAT_NOT_SUPPORTED, Spec::Extension, "cl_khr_egl_image",
           "CL_IMAGE_FORMAT_NOT_SUPPORTED if the OpenCL implementation is not able to create a "
           "cl_mem compatible with the provided CLeglImageKHR for an implementation-dependent "
           "reason (this could be caused by, but not limited to, reasons such as unsupported "
           "texture formats, etc).",
           V1_0, Still, nullptr, "raised when the EGLImage's format has no OpenCL format")
CLVET_ALLOCATION_RULES(CreateFromEGLImageKHR, "clCreateFromEGLImageKHR", Spec::Extension,
                       "cl_khr_egl_image", V1_0, "raised when the EGLImage cannot be mapped",
                       "raised when allocating the image object throws std::bad_alloc")
CLVET_RULE(CreateFromEGLImageKHRNoImageSupport, "clCreateFromEGLImageKHR", CL_INVALID_OPERATION,
           Spec::Extension, "cl_khr_egl_image",
           "CL_INVALID_OPERATION if there are no devices in context that support images (i.e. "
           "CL_DEVICE_IMAGE_SUPPORT specified in table 4.3 is CL_FALSE) or if the flags passed are "
           "not supported for that image type.",
           V1_0, Still,
           CLVET_CHECK(CreateFromEGLImageKHR, images::no_device_supports_images(w, a.context)))

// ---- cl_khr_egl_image: clEnqueueAcquireEGLObjectsKHR, clEnqueueReleaseEGLObjectsKHR ----
#define CLVET_EGL_OBJECTS_RULES(Name)                                                              \
  CLVET_ROLE_RULE(Name##InvalidQueue, Name, InvalidCommandQueue, Spec::Extension,                  \
                  "cl_khr_egl_image", V1_0)                                                        \
  CLVET_RULE(                                                                                      \
      Name##BadObjectList, "cl" #Name, CL_INVALID_VALUE, Spec::Extension, "cl_khr_egl_image",      \
      "CL_INVALID_VALUE if num_objects is zero and mem_objects is not a NULL value or if "         \
      "num_objects > 0 and mem_objects is NULL.",                                                  \
      V1_0, Still, CLVET_CHECK(Name, sharing::count_list_mismatch(a.num_objects, a.mem_objects)))  \
  CLVET_RULE(Name##InvalidMem, "cl" #Name, CL_INVALID_MEM_OBJECT, Spec::Extension,                 \
             "cl_khr_egl_image",                                                                   \
             "CL_INVALID_MEM_OBJECT if memory objects in mem_objects are not valid OpenCL "        \
             "memory objects in the context associated with command_queue.",                       \
             V1_0, Still,                                                                          \
             CLVET_CHECK(Name, sharing::mem_objects_invalid_in(w, a.command_queue, a.num_objects,  \
                                                               a.mem_objects)))                    \
  CLVET_RULE(Name##NotEGLObject, "cl" #Name, CL_INVALID_EGL_OBJECT_KHR, Spec::Extension,           \
             "cl_khr_egl_image",                                                                   \
             "CL_INVALID_EGL_OBJECT_KHR if memory objects in mem_objects have not been created "   \
             "from EGL resources.",                                                                \
             V1_0, Still, nullptr, "raised when a memory object was not created from an EGLImage") \
  CLVET_ROLE_RULE(Name##InvalidWaitList, Name, InvalidEventWaitList, Spec::Extension,              \
                  "cl_khr_egl_image", V1_0)                                                        \
  CLVET_ALLOCATION_RULES(Name, "cl" #Name, Spec::Extension, "cl_khr_egl_image", V1_0,              \
                         "never raised: the command takes no device resources",                    \
                         "raised when queuing the command throws std::bad_alloc")

CLVET_EGL_OBJECTS_RULES(EnqueueAcquireEGLObjectsKHR)
CLVET_EGL_OBJECTS_RULES(EnqueueReleaseEGLObjectsKHR)

// ---- cl_khr_egl_event: clCreateEventFromEGLSyncKHR ----
CLVET_RULE(CreateEventFromEGLSyncKHRInvalidContext, "clCreateEventFromEGLSyncKHR",
           CL_INVALID_CONTEXT, Spec::Extension, "cl_khr_egl_event",
           "CL_INVALID_CONTEXT if context is not a valid context, or was not created from a GL "
           "context.",
           V1_0, Still, CLVET_CHECK(CreateEventFromEGLSyncKHR, sharing::not_gl_context(w, a.context)))
CLVET_RULE(CreateEventFromEGLSyncKHRInvalidSync, "clCreateEventFromEGLSyncKHR",
           CL_INVALID_EGL_OBJECT_KHR, Spec::Extension, "cl_khr_egl_event",
           "CL_INVALID_EGL_OBJECT_KHR if sync is not a valid EGLSyncKHR object of type "
           "EGL_SYNC_FENCE_KHR created with respect to EGLDisplay display.",
           V1_0, Still, nullptr, "raised when sync names no EGL fence sync of display")
