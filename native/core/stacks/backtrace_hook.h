// Source-mapped stacks: the QuickJS backtrace hook (tools/patches/quickjs-backtrace-hook.patch)
// rewrites every finished Error 'stack' whose frames lie in modules with a source map. Over stock QuickJS (no hook)
// only the stacks reported to the host are mapped (map_stack_for_host).
//
// A mapped frame shows the original position first and keeps the JS position in brackets:
//     at step (../src/game/logic.ts:14:11) [game/logic:11:9]
//     at ../src/game/logic.ts:3:7 [game/logic:2:5]        (the position line of a SyntaxError)
// Other lines (native frames, modules without a map, unmapped positions) are unchanged.
#pragma once

#include "stacks/source_maps.h"

#include <string>
#include <string_view>

struct zts_domain;

namespace zts
{

/// Rewrites the frames of stack (QuickJS's "    at ..." lines) found in maps into out.
/// Returns false (out unspecified) when no line changed. Output size is bounded by
/// stack.size() plus, per line, the mapped path and 24 characters.
bool rewrite_backtrace(std::string_view stack, const SourceMaps &maps, std::string &out);

/// The "file:line:col" of the first frame of stack that has one (the original position of a mapped
/// frame), or "".
std::string first_position(std::string_view stack);

/// Installs the hook on d's runtime; it reads d->source_maps. Without QuickJS's hook (stock QuickJS:
/// runtime/quickjs_seam.h) it installs nothing, and Error 'stack' keeps its .js positions inside JS.
void install_backtrace_hook(zts_domain *d);

/// Over stock QuickJS, maps a stack the core reports to the host (zts_domain_error, unhandled rejections) as the hook
/// would have mapped it as it was built; over the patched tree, where the hook already did, nothing.
void map_stack_for_host(const zts_domain *d, std::string &stack);

} // namespace zts
