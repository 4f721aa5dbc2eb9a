// What the exotic classes of the CLR share (clr/*_class.cpp): their class ids and the helpers of more than one kind.
#pragma once

#include "clr/classes.h"

#include <string>

namespace zts
{

/// The class ids of the kinds: CSharpObject (object_class.cpp), CSharpArray (array_class.cpp), CSharpType
/// (type_class.cpp), CSharpDelegate (delegate_class.cpp). Allocated once per process by register_clr_classes.
extern JSClassID g_object_class;
extern JSClassID g_array_class;
extern JSClassID g_type_class;
extern JSClassID g_delegate_class;
extern JSClassID g_struct_class; ///< CSharpStruct (struct_copies.cpp): a struct's value as a native copy

/// Makes t's shape anchor (TypeInfo::shape_anchor) at the first push of an exotic of t.
void anchor_initial_shape(JSContext *ctx, TypeInfo &t);

/// The class definitions, registered by register_clr_classes (class_common.cpp) in this order.
void register_object_class(JSRuntime *rt);
void register_array_class(JSRuntime *rt);
void register_type_class(JSRuntime *rt);
void register_delegate_class(JSRuntime *rt);

/// The exotic methods of CSharpObject (object_class.cpp), shared by CSharpDelegate: a delegate's members are written
/// like an object's.
JSClassExoticMethods *object_exotic_methods();

zts_domain *domain_of_rt(JSRuntime *rt);

/// The finalizer of every ByObj exotic (objects, arrays, delegates): records the slot as released.
void object_finalizer(JSRuntime *rt, JSValue val);

/// The text of an atom for error texts ("?" when it cannot be read).
std::string atom_text(JSContext *ctx, JSAtom atom);

/// The JS name of a ByObj exotic's type ("object" when unknown).
std::string view_name(zts_domain *d, JSValueConst obj);

/// Writes through the prototype chain's accessor; members that are not writable, or missing, throw.
int set_through_prototypes(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst value, JSValueConst receiver,
                           const std::string &owner);

/// Defines Symbol.iterator on a C# array's prototype (array_class.cpp; used when the type binds).
bool define_array_iterator(JSContext *ctx, JSValueConst proto);

} // namespace zts
