// Struct copies (10-LIFETIME §3.1): the CSharpStruct class, its payload pool, and the fields the core reads and writes
// on a copy. The conversions here are only the exact cases of the one rule set (managed/ZTS.Shared/Conversion/
// ValueRules.cs: an int-tagged number in range for an integer field, a number for a float field, a long within
// +-(2^53-1)); every other value goes to the field's own bridge, which applies the rule set and gives its result or its
// `zts:` error. So the core adds no conversion rule; the conversion matrix (tests/matrix) checks both paths agree.
#include "clr/struct_copies.h"

#include "clr/class_common.h"
#include "clr/member_dispatch.h"
#include "runtime/quickjs_seam.h"
#include "runtime/trampoline.h"

#include <cstring>
#include <limits>
#include <new>

namespace zts
{

JSClassID g_struct_class = 0;

namespace
{

constexpr size_t k_chunk = 256;
constexpr double k_max_safe = 9007199254740991.0;

void struct_finalizer(JSRuntime *rt, JSValue val)
{
    auto *copy = static_cast<StructCopy *>(JS_GetOpaque(val, g_struct_class));
    if (copy != nullptr) {
        domain_of_rt(rt)->structs.release(copy);
    }
}

// The copy field of obj's type named atom, or nullptr (a linear scan: a struct has a few fields, and the atoms are
// compared as integers).
const CopyField *field_of(zts_domain *d, const StructCopy *copy, JSAtom atom)
{
    const TypeInfo *t = d->types.find(copy->head.type_id);
    if (t == nullptr) {
        return nullptr;
    }
    for (const CopyField &f : t->copy_fields) {
        if (f.atom == atom && f.accessor >= 0) {
            return &f;
        }
    }
    return nullptr;
}

JSValue read_field(zts_domain *d, const CopyField &f, const unsigned char *p);
bool write_field(const CopyField &f, unsigned char *p, JSValueConst v);

bool is_to_json(JSContext *ctx, JSAtom atom)
{
    JSAtom to_json = JS_NewAtom(ctx, "toJSON");
    bool same = atom == to_json;
    JS_FreeAtom(ctx, to_json);
    return same;
}

// copy.toJSON(): a plain object with each field of the copy, read as `copy.field` reads it.
JSValue struct_to_json(JSContext *ctx, JSValueConst this_val, int /*argc*/, JSValueConst * /*argv*/)
{
    zts_domain *d = domain_of(ctx);
    StructCopy *copy = struct_copy_of(this_val);
    const TypeInfo *t = copy != nullptr ? d->types.find(copy->head.type_id) : nullptr;
    if (t == nullptr) {
        return JS_UNDEFINED;
    }
    JSValue out = JS_NewObject(ctx);
    if (JS_IsException(out)) {
        return out;
    }
    for (const CopyField &f : t->copy_fields) {
        if (f.accessor < 0) {
            continue;
        }
        JSValue v = JS_GetProperty(ctx, this_val, f.atom);
        if (JS_IsException(v) || JS_DefinePropertyValue(ctx, out, f.atom, v, JS_PROP_C_W_E) < 0) {
            JS_FreeValue(ctx, out);
            return JS_EXCEPTION;
        }
    }
    return out;
}

// v.x on a copy: QuickJS asks the class before the prototype (a copy has no own properties), so a field read is a
// property lookup plus this call, with no JS function call (the prototype's accessor would cost one per read). Any
// other name continues on the prototype, as for every object.
JSValue struct_get_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst receiver)
{
    zts_domain *d = domain_of(ctx);
    StructCopy *copy = struct_copy_of(obj);
    const CopyField *f = copy != nullptr ? field_of(d, copy, atom) : nullptr;
    if (f != nullptr) {
        JSValue v = read_field(d, *f, static_cast<const unsigned char *>(copy->ref.bytes) + f->offset);
        if (!JS_IsUninitialized(v)) {
            return v;
        }
        return call_member(d, copy->head.type_id, f->accessor, MemberKind::Getter, obj, 0, nullptr);
    }
    JSValue proto = JS_GetPrototype(ctx, obj);
    if (JS_IsException(proto)) {
        return proto;
    }
    JSValue v = JS_IsObject(proto) ? JS_GetPropertyInternal(ctx, proto, atom, receiver, 0) : JS_UNDEFINED;
    JS_FreeValue(ctx, proto);
    if (JS_IsUndefined(v) && copy != nullptr && is_to_json(ctx, atom)) {
        // JSON.stringify(copy): a copy has no own properties (its fields are the struct's), so it would be "{}"; its
        // toJSON gives a plain object of the fields, as a plain object with those fields stringifies. A toJSON the
        // struct's type declares is found on the prototype first.
        return JS_NewCFunction(ctx, hook<struct_to_json>, "toJSON", 0);
    }
    return v;
}

// Writing a field of a copy that is not extensible: Object.freeze (and seal, preventExtensions: a copy has no own
// properties, so the three leave the same trace) makes its fields read-only, as a frozen plain object's. ES modules
// run in strict mode, where such a write is a TypeError.
int refuse_frozen_write(JSContext *ctx, JSAtom atom, int flags)
{
    if ((flags & (JS_PROP_THROW | JS_PROP_THROW_STRICT)) != 0) {
        JS_ThrowTypeError(ctx, "zts: cannot assign to field '%s' of a frozen struct copy", atom_text(ctx, atom).c_str());
        return -1;
    }
    return 0;
}

int struct_set_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst value, JSValueConst receiver,
                        int flags)
{
    zts_domain *d = domain_of(ctx);
    StructCopy *copy = struct_copy_of(obj);
    const CopyField *f = copy != nullptr ? field_of(d, copy, atom) : nullptr;
    if (f != nullptr && f->writable) {
        int extensible = JS_IsExtensible(ctx, obj);
        if (extensible <= 0) {
            return extensible < 0 ? -1 : refuse_frozen_write(ctx, atom, flags);
        }
        if (write_field(*f, static_cast<unsigned char *>(copy->ref.bytes) + f->offset, value)) {
            return 1;
        }
        JSValue r = call_member(d, copy->head.type_id, f->accessor, MemberKind::Setter, obj, 1, &value);
        if (JS_IsException(r)) {
            return -1;
        }
        JS_FreeValue(ctx, r);
        return 1;
    }
    return set_through_prototypes(ctx, obj, atom, value, receiver, view_name(d, obj));
}

// Object.defineProperty(copy, name, ...): a field is the struct's, never an own property that would shadow it (JS
// would read one value and C# see another). A plain data definition of a writable field (a value, writable,
// enumerable and configurable as they are or left out) writes the field as an assignment does; anything else on a
// field (an accessor, a read-only or non-enumerable definition) is a TypeError. Other names are defined as on any
// object.
int struct_define_own_property(JSContext *ctx, JSValueConst obj, JSAtom atom, JSValueConst val, JSValueConst getter,
                               JSValueConst setter, int flags)
{
    zts_domain *d = domain_of(ctx);
    StructCopy *copy = struct_copy_of(obj);
    const CopyField *f = copy != nullptr ? field_of(d, copy, atom) : nullptr;
    if (f == nullptr) {
        return JS_DefineProperty(ctx, obj, atom, val, getter, setter, flags | JS_PROP_NO_EXOTIC);
    }
    bool plain = (flags & (JS_PROP_HAS_GET | JS_PROP_HAS_SET)) == 0 &&
                 (!(flags & JS_PROP_HAS_WRITABLE) || (flags & JS_PROP_WRITABLE)) &&
                 (!(flags & JS_PROP_HAS_ENUMERABLE) || (flags & JS_PROP_ENUMERABLE)) &&
                 (!(flags & JS_PROP_HAS_CONFIGURABLE) || (flags & JS_PROP_CONFIGURABLE));
    if (!plain || !f->writable) {
        JS_ThrowTypeError(ctx, "zts: field '%s' of a struct copy is its struct's field: it can be assigned, not redefined",
                          atom_text(ctx, atom).c_str());
        return -1;
    }
    if (!(flags & JS_PROP_HAS_VALUE)) {
        return 1; // the attributes it already has
    }
    return struct_set_property(ctx, obj, atom, val, obj, flags | JS_PROP_THROW);
}

JSClassExoticMethods k_struct_exotic = {};

const JSClassDef k_struct_def = {"CSharpStruct", hook<struct_finalizer>, nullptr, nullptr, &k_struct_exotic};

template <typename T> T load(const unsigned char *p)
{
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

template <typename T> void store(unsigned char *p, T v)
{
    std::memcpy(p, &v, sizeof v);
}

} // namespace

namespace
{

// The field's value as JS, or JS_UNINITIALIZED when the core does not convert it exactly (its bridge does).
JSValue read_field(zts_domain *d, const CopyField &f, const unsigned char *p)
{
    switch (f.code) {
    case ZTS_COPY_FIELD_I1:
        return JS_NewInt32(d->ctx, load<int8_t>(p));
    case ZTS_COPY_FIELD_U1:
        return JS_NewInt32(d->ctx, load<uint8_t>(p));
    case ZTS_COPY_FIELD_I2:
        return JS_NewInt32(d->ctx, load<int16_t>(p));
    case ZTS_COPY_FIELD_U2:
        return JS_NewInt32(d->ctx, load<uint16_t>(p));
    case ZTS_COPY_FIELD_I4:
        return JS_NewInt32(d->ctx, load<int32_t>(p));
    case ZTS_COPY_FIELD_U4: {
        uint32_t v = load<uint32_t>(p);
        return v <= INT32_MAX ? JS_NewInt32(d->ctx, static_cast<int32_t>(v)) : JS_NewFloat64(d->ctx, v);
    }
    case ZTS_COPY_FIELD_I8: {
        int64_t v = load<int64_t>(p);
        if (v >= INT32_MIN && v <= INT32_MAX) {
            return JS_NewInt32(d->ctx, static_cast<int32_t>(v));
        }
        auto x = static_cast<double>(v);
        return x >= -k_max_safe && x <= k_max_safe ? JS_NewFloat64(d->ctx, x) : JS_UNINITIALIZED;
    }
    case ZTS_COPY_FIELD_U8: {
        uint64_t v = load<uint64_t>(p);
        if (v <= INT32_MAX) {
            return JS_NewInt32(d->ctx, static_cast<int32_t>(v));
        }
        auto x = static_cast<double>(v);
        return x <= k_max_safe ? JS_NewFloat64(d->ctx, x) : JS_UNINITIALIZED;
    }
    case ZTS_COPY_FIELD_R4:
        return JS_NewFloat64(d->ctx, static_cast<double>(load<float>(p)));
    case ZTS_COPY_FIELD_R8:
        return JS_NewFloat64(d->ctx, load<double>(p));
    case ZTS_COPY_FIELD_STRUCT:
        return new_struct_copy(d, f.type_id, p); // a copy of the nested value, as every crossing is
    default:
        return JS_UNINITIALIZED;
    }
}

template <typename T> bool store_int(unsigned char *p, int32_t v)
{
    if (static_cast<int64_t>(v) < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
        static_cast<int64_t>(v) > static_cast<int64_t>(std::numeric_limits<T>::max())) {
        return false;
    }
    store<T>(p, static_cast<T>(v));
    return true;
}

// Stores v when its conversion is exact (ArgReader's accept paths); false leaves it to the field's bridge.
bool write_field(const CopyField &f, unsigned char *p, JSValueConst v)
{
    int tag = JS_VALUE_GET_NORM_TAG(v);
    if (tag == JS_TAG_INT) {
        int32_t i = JS_VALUE_GET_INT(v);
        switch (f.code) {
        case ZTS_COPY_FIELD_I1:
            return store_int<int8_t>(p, i);
        case ZTS_COPY_FIELD_U1:
            return store_int<uint8_t>(p, i);
        case ZTS_COPY_FIELD_I2:
            return store_int<int16_t>(p, i);
        case ZTS_COPY_FIELD_U2:
            return store_int<uint16_t>(p, i);
        case ZTS_COPY_FIELD_I4:
            store<int32_t>(p, i);
            return true;
        case ZTS_COPY_FIELD_U4:
            return i >= 0 && (store<uint32_t>(p, static_cast<uint32_t>(i)), true);
        case ZTS_COPY_FIELD_I8:
            store<int64_t>(p, i);
            return true;
        case ZTS_COPY_FIELD_U8:
            return i >= 0 && (store<uint64_t>(p, static_cast<uint64_t>(i)), true);
        case ZTS_COPY_FIELD_R4:
            store<float>(p, static_cast<float>(static_cast<double>(i)));
            return true;
        case ZTS_COPY_FIELD_R8:
            store<double>(p, static_cast<double>(i));
            return true;
        default:
            return false;
        }
    }
    if (tag == JS_TAG_FLOAT64) {
        double x = JS_VALUE_GET_FLOAT64(v);
        if (f.code == ZTS_COPY_FIELD_R4) {
            store<float>(p, static_cast<float>(x));
            return true;
        }
        if (f.code == ZTS_COPY_FIELD_R8) {
            store<double>(p, x);
            return true;
        }
        return false;
    }
    if (f.code == ZTS_COPY_FIELD_STRUCT) {
        const StructCopy *src = struct_copy_of(v);
        if (src != nullptr && src->head.type_id == f.type_id) {
            std::memmove(p, src->ref.bytes, static_cast<size_t>(src->ref.size));
            return true;
        }
    }
    return false;
}

// data: [type id, accessor index, field index]
JSValue copy_field_get(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv, int /*magic*/,
                       JSValue *func_data)
{
    zts_domain *d = domain_of(ctx);
    int32_t type_id = JS_VALUE_GET_INT(func_data[0]);
    StructCopy *copy = struct_copy_of(this_val);
    const TypeInfo *t = d->types.find(type_id);
    if (copy != nullptr && t != nullptr && copy->head.type_id == type_id) {
        const CopyField &f = t->copy_fields[static_cast<size_t>(JS_VALUE_GET_INT(func_data[2]))];
        JSValue v = read_field(d, f, static_cast<const unsigned char *>(copy->ref.bytes) + f.offset);
        if (!JS_IsUninitialized(v)) {
            return v;
        }
    }
    // Not a copy of this type (the bridge path throws the usual `needs a T instance` error), or a value only the
    // rule set converts: the field's bridge.
    return call_member(d, type_id, JS_VALUE_GET_INT(func_data[1]), MemberKind::Getter, this_val, argc, argv);
}

JSValue copy_field_set(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv, int /*magic*/,
                       JSValue *func_data)
{
    zts_domain *d = domain_of(ctx);
    int32_t type_id = JS_VALUE_GET_INT(func_data[0]);
    StructCopy *copy = struct_copy_of(this_val);
    const TypeInfo *t = d->types.find(type_id);
    if (copy != nullptr && t != nullptr && copy->head.type_id == type_id && argc > 0) {
        const CopyField &f = t->copy_fields[static_cast<size_t>(JS_VALUE_GET_INT(func_data[2]))];
        if (write_field(f, static_cast<unsigned char *>(copy->ref.bytes) + f.offset, argv[0])) {
            return JS_UNDEFINED;
        }
    }
    return call_member(d, type_id, JS_VALUE_GET_INT(func_data[1]), MemberKind::Setter, this_val, argc, argv);
}

} // namespace

StructCopies::StructCopies()
{
    result_.bytes = StructArena::rooted() ? arena_.take(ZTS_COPY_MAX_SIZE) : nullptr;
    if (result_.bytes == nullptr) {
        result_bytes_.reset(new unsigned char[ZTS_COPY_MAX_SIZE + 16]);
        auto base = reinterpret_cast<uintptr_t>(result_bytes_.get());
        result_.bytes = reinterpret_cast<void *>((base + 15) & ~static_cast<uintptr_t>(15));
    }
}

StructCopy *StructCopies::make(int32_t type_id, int32_t size, bool scanned)
{
    // Charged first, so that a copy past the heap limit is refused before anything is taken (an out-of-memory
    // error, as for a JS allocation past it).
    size_t charged = cost(size, scanned);
    if (counter_ != nullptr && !counter_->charge(charged)) {
        return nullptr;
    }
    StructCopy *copy = take(type_id, size, scanned);
    if (copy == nullptr && counter_ != nullptr) {
        counter_->refund(charged);
    }
    return copy;
}

StructCopy *StructCopies::take(int32_t type_id, int32_t size, bool scanned)
{
    if (free_.empty()) {
        std::unique_ptr<StructCopy[]> chunk(new (std::nothrow) StructCopy[k_chunk]);
        if (!chunk) {
            return nullptr;
        }
        try {
            free_.reserve((chunks_.size() + 1) * k_chunk); // frees never allocate
            chunks_.push_back(std::move(chunk));
        } catch (const std::bad_alloc &) {
            return nullptr;
        }
        StructCopy *c = chunks_.back().get();
        for (size_t i = k_chunk; i > 0; i--) {
            free_.push_back(&c[i - 1]);
        }
    }
    StructCopy *copy = free_.back();
    void *bytes = copy->inline_bytes;
    if (scanned) {
        bytes = arena_.take(static_cast<size_t>(size));
        if (bytes == nullptr) {
            return nullptr;
        }
    } else if (static_cast<size_t>(size) > k_struct_inline_bytes) {
        bytes = ::operator new(static_cast<size_t>(size), std::align_val_t(16), std::nothrow);
        if (bytes == nullptr) {
            return nullptr;
        }
    }
    free_.pop_back();
    copy->head.slot = k_struct_copy_slot;
    copy->head.generation = 0;
    copy->head.type_id = type_id;
    copy->head.length = -1;
    copy->ref.type_id = type_id;
    copy->ref.size = size;
    copy->ref.bytes = bytes;
    copy->scanned = scanned;
    live_++;
    return copy;
}

void StructCopies::release(StructCopy *copy)
{
    if (counter_ != nullptr) {
        counter_->refund(cost(copy->ref.size, copy->scanned));
    }
    if (copy->scanned) {
        arena_.give(copy->ref.bytes, static_cast<size_t>(copy->ref.size)); // zeroed: it keeps nothing alive
    } else if (copy->ref.bytes != copy->inline_bytes) {
        ::operator delete(copy->ref.bytes, std::align_val_t(16));
    }
    copy->ref.bytes = nullptr;
    live_--;
    free_.push_back(copy); // capacity reserved by make
}

StructCopy *struct_copy_of(JSValueConst v)
{
    if (JS_VALUE_GET_TAG(v) != JS_TAG_OBJECT || JS_GetClassID(v) != g_struct_class) {
        return nullptr;
    }
    return static_cast<StructCopy *>(JS_GetOpaque(v, g_struct_class));
}


namespace
{

// The first copy of a type that is not bound yet. Binding runs the host's type_bind, which may use the result buffer
// src points into: the bytes are kept first (here, so the common path's frame has no such buffer).
__attribute__((noinline)) JSValue new_struct_copy_unbound(zts_domain *d, int32_t type_id, const void *src)
{
    unsigned char keep[ZTS_COPY_MAX_SIZE];
    const zts_struct_ref *result = d->structs.result();
    size_t kept = 0;
    if (src == result->bytes) {
        kept = static_cast<size_t>(result->size > 0 && result->size <= ZTS_COPY_MAX_SIZE ? result->size : 0);
        std::memcpy(keep, src, kept);
        std::memset(result->bytes, 0, kept); // the rooted buffer keeps no reference of a struct that holds some
        src = keep;
    }
    JSValue v = ensure_bound(d, type_id) ? new_struct_copy(d, type_id, src) : JS_EXCEPTION;
    // Nor does this frame, once returned: a conservative GC scans whatever later frames leave of it uninitialized.
    volatile unsigned char *wipe = keep;
    for (size_t i = 0; i < kept; i++) {
        wipe[i] = 0;
    }
    return v;
}

} // namespace

JSValue new_struct_copy(zts_domain *d, int32_t type_id, const void *src)
{
    JSContext *ctx = d->ctx;
    TypeInfo *t = d->types.find(type_id);
    if (t == nullptr) {
        return throw_error(ctx, "zts: struct copy of an unknown type");
    }
    if (!(t->bound || t->binding)) {
        return new_struct_copy_unbound(d, type_id, src);
    }
    if (t->copy_size <= 0) {
        return throw_error(ctx, "zts: '" + t->js_name + "' has no struct copy layout");
    }
    anchor_initial_shape(ctx, *t);
    // The last copy of this type, when JS has dropped it (only the type holds it, no weak reference, nothing added,
    // sealed or frozen): indistinguishable from a new one, so it takes the bytes instead of an allocation and a free
    // (~40 ns: most struct results are temporaries, `V3.Add(a, b).x`, `e.Position = ...`).
    if (quickjs_seam::is_unobserved_object(t->spare_copy) &&
        quickjs_seam::has_shape_of(t->spare_copy, t->shape_anchor)) {
        std::memcpy(t->spare_bytes, src, static_cast<size_t>(t->copy_size));
        return JS_DupValue(ctx, t->spare_copy);
    }
    JSValue obj = JS_NewObjectProtoClass(ctx, t->prototype, g_struct_class);
    if (JS_IsException(obj)) {
        return obj;
    }
    StructCopy *copy = d->structs.make(type_id, t->copy_size, t->copy_scanned);
    if (copy == nullptr) {
        JS_FreeValue(ctx, obj);
        return JS_ThrowOutOfMemory(ctx);
    }
    std::memcpy(copy->ref.bytes, src, static_cast<size_t>(t->copy_size));
    JS_SetOpaque(obj, copy);
    if (t->copy_scanned && src == d->structs.result()->bytes) {
        // The result buffer is a root too: once copied, a result must not keep its referents alive there.
        std::memset(d->structs.result()->bytes, 0, static_cast<size_t>(t->copy_size));
    }
    if (!t->copy_scanned && quickjs_seam::k_patched) { // stock QuickJS reuses nothing: no spare to keep
        // A copy that holds references keeps no spare: a spare JS dropped would keep its referents alive until the next
        // copy of the type (its bytes are zeroed only on release), where a dropped box is collected.
        JS_FreeValue(ctx, t->spare_copy); // JS still holds it (or it changed): this one is the spare now
        t->spare_copy = JS_DupValue(ctx, obj);
        t->spare_bytes = copy->ref.bytes;
    }
    return obj;
}

JSValue make_copy_field_function(zts_domain *d, int32_t type_id, int32_t accessor, int32_t field, bool setter,
                                 const std::string &name)
{
    JSContext *ctx = d->ctx;
    JSValue data[3] = {JS_NewInt32(ctx, type_id), JS_NewInt32(ctx, accessor), JS_NewInt32(ctx, field)};
    JSValue fn = setter ? JS_NewCFunctionData(ctx, hook<copy_field_set>, 1, 0, 3, data)
                        : JS_NewCFunctionData(ctx, hook<copy_field_get>, 0, 0, 3, data);
    if (!JS_IsException(fn)) {
        JS_DefinePropertyValueStr(ctx, fn, "name", JS_NewStringLen(ctx, name.data(), name.size()), JS_PROP_CONFIGURABLE);
    }
    return fn;
}

void register_struct_class(JSRuntime *rt)
{
    k_struct_exotic.get_property = hook<struct_get_property>;
    k_struct_exotic.set_property = hook<struct_set_property>;
    k_struct_exotic.define_own_property = hook<struct_define_own_property>;
    JS_NewClassID(&g_struct_class);
    JS_NewClass(rt, g_struct_class, &k_struct_def);
}

} // namespace zts
