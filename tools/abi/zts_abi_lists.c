/* zts.h's lists, the `zts` global's members, the Player runtime's entries and internal calls (native/player/
 * player_entries.h, runtime_calls.h) and the Mono gate's exports (native/gate/zts_mono_gate.h), as JSON, written by the C preprocessor alone:
 * `cc -E -P -I native/include -I native/core -I native/player -I native/gate tools/abi/zts_abi_lists.c` prints the headers' own declarations, then one
 * line starting with ZTS_ABI_JSON, which tools/abi/gen_abi.js reads. Strings are the list entries as written (#x); a
 * constant's value is its expansion (the managed side evaluates it). */
#include <zts/zts.h>

#include "globals/zts_members.h"
#include "player_entries.h"
#include "runtime_calls.h"
#include "zts_mono_gate.h"

#define ZTS_ABI_STR_(...) #__VA_ARGS__
#define ZTS_ABI_STR(...) ZTS_ABI_STR_(__VA_ARGS__)
#define ZTS_ABI_FUNCTION(ret, name, params, managed) \
    , {"name": #name, "ret": #ret, "params": #params, "managed": #managed}
#define ZTS_ABI_FIELD(type, name) , {"type": #type, "name": #name}
#define ZTS_ABI_STRUCT(name, FIELDS) , {"name": #name, "fields": [null FIELDS(ZTS_ABI_FIELD)]}
#define ZTS_ABI_STATUS(name, value) , {"name": #name, "value": #value}
#define ZTS_ABI_CONSTANT(name) , {"name": #name, "value": ZTS_ABI_STR(name)}
#define ZTS_ABI_PLAYER_ENTRY(index, name) , {"index": #index, "name": #name}
#define ZTS_ABI_RUNTIME_CALL(method, result, params, function, doc) \
    , {"method": #method, "result": #result, "params": #params, "function": #function, "doc": doc}
#define ZTS_ABI_MEMBER(name, where, length, doc, typescript) \
    , {"name": #name, "where": #where, "length": length, "doc": doc, "ts": typescript}

ZTS_ABI_JSON {
    "functions": [null ZTS_FUNCTIONS(ZTS_ABI_FUNCTION)],
    "gate_functions": [null ZTS_GATE_FUNCTIONS(ZTS_ABI_FUNCTION)],
    "structs": [null ZTS_STRUCTS(ZTS_ABI_STRUCT)],
    "statuses": [null ZTS_STATUSES(ZTS_ABI_STATUS)],
    "constants": [null ZTS_CONSTANTS(ZTS_ABI_CONSTANT)],
    "members": [null ZTS_GLOBAL_MEMBERS(ZTS_ABI_MEMBER)],
    "player_entries": [null ZTS_PLAYER_ENTRIES(ZTS_ABI_PLAYER_ENTRY)],
    "player_entry_version": ZTS_PLAYER_ENTRY_VERSION,
    "runtime_calls": [null ZTS_PLAYER_RUNTIME_CALLS(ZTS_ABI_RUNTIME_CALL)],
    "push_bits": ZTS_ABI_STR(ZTS_RESULT_PUSH_BITS(slot, view)),
    "push_slot": ZTS_ABI_STR(ZTS_RESULT_PUSH_SLOT(bits)),
    "push_view": ZTS_ABI_STR(ZTS_RESULT_PUSH_VIEW(bits))
}
