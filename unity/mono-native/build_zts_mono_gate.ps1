# Builds the Mono callback gate for the Unity Editor on Windows x64 (seed build/03 §5.2) from this folder
# alone: zts_mono_gate.dll into <package>/Plugins/quickjs/, with an Editor-only .meta when there is none,
# and prints its timestamp. The gate does not link QuickJS (its entry points are injected by zts_gate_init) and
# includes no QuickJS header: its values are zts_mono_gate.h's zts_gate_value, the same on every CPU.
# Needs Visual Studio with the MSVC x64 tools (found with vswhere).
# Usage: powershell -NoProfile -ExecutionPolicy Bypass -File Packages/com.code-philosophy.zts/ZTS~/mono-native/build_zts_mono_gate.ps1
# Written to the same steps as build_zts_mono_gate_unix.sh; it is not run by ZTS's tests (no Windows, MSVC or
# PowerShell there). The package ships a zts_mono_gate.dll cross-built with mingw-w64 (cmake/ZtsWin64.cmake); this
# script replaces it with an MSVC build. Both follow the Microsoft x64 calling convention, so either gate works with
# the package's zts.dll (JSValue is a plain 16-byte struct, passed and returned through pointers on Win64).
$ErrorActionPreference = 'Stop'
$here = Split-Path -Parent $MyInvocation.MyCommand.Path
$package = (Resolve-Path (Join-Path $here '..\..')).Path
$dest = Join-Path $package 'Plugins\quickjs'
$lib = 'zts_mono_gate.dll'

# 1. vcvars64 from the newest Visual Studio with the x64 tools
$vswhere = Join-Path ${env:ProgramFiles(x86)} 'Microsoft Visual Studio\Installer\vswhere.exe'
if (-not (Test-Path $vswhere)) { throw "build_zts_mono_gate: vswhere.exe not found; install Visual Studio with C++ tools" }
$vs = & $vswhere -latest -products * -requires Microsoft.VisualStudio.Component.VC.Tools.x86.x64 -property installationPath
if (-not $vs) { throw "build_zts_mono_gate: no Visual Studio with the MSVC x64 tools" }
$vcvars = Join-Path $vs 'VC\Auxiliary\Build\vcvars64.bat'

# 2. cl /O2 /LD /MD into a staging folder
$staging = Join-Path ([IO.Path]::GetTempPath()) ('zts_mono_gate_' + [Guid]::NewGuid().ToString('N'))
New-Item -ItemType Directory -Path $staging | Out-Null
try {
    $cl = "cl /nologo /O2 /LD /MD /W3 /I`"$here`" `"$here\zts_mono_gate.c`" /Fo`"$staging\\`" /Fe`"$staging\$lib`""
    cmd /c "`"$vcvars`" >nul && $cl"
    if ($LASTEXITCODE -ne 0) { throw "build_zts_mono_gate: cl failed ($LASTEXITCODE)" }

    # 2b. check the exports build/03 §5.2 asks for, with dumpbin from the same tools (the unix script's step 2 with nm).
    #     No QuickJS import check: link.exe fails on an unresolved JS_* already (the gate links no import library);
    #     ZTS's own cross build checks the import table (tools/win64/check_pe.js)
    $exports = cmd /c "`"$vcvars`" >nul && dumpbin /nologo /exports `"$staging\$lib`""
    foreach ($sym in 'zts_gate_init', 'zts_get_callback_gate', 'zts_callback_error_sentinel') {
        if (-not ($exports -match "\s$sym$")) { throw "build_zts_mono_gate: $lib does not export $sym" }
    }

    # 3. replace the plugin; keep its .meta (Editor only), or put the package's one there
    New-Item -ItemType Directory -Force -Path $dest | Out-Null
    Copy-Item -Force (Join-Path $staging $lib) (Join-Path $dest $lib)
    if (-not (Test-Path (Join-Path $dest "$lib.meta"))) { Copy-Item (Join-Path $here "meta\$lib.meta") (Join-Path $dest "$lib.meta") }
}
finally {
    # 4. clean the intermediate files
    Remove-Item -Recurse -Force $staging -ErrorAction SilentlyContinue
}

# 5. print the timestamp so the update can be checked
$item = Get-Item (Join-Path $dest $lib)
Write-Host ("build_zts_mono_gate: wrote {0} ({1} bytes), modified {2:yyyy-MM-dd HH:mm:ss zzz}" -f $item.FullName, $item.Length, $item.LastWriteTime)
