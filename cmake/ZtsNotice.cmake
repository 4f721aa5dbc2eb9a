# cmake -DQUICKJS=<third_party/quickjs> -DOUT=<file>[;<file>...] -P ZtsNotice.cmake
# Writes THIRD-PARTY-NOTICES.txt next to the artefacts that contain QuickJS (the native libraries it is compiled into,
# the headers and sources that include its quickjs.h): QuickJS's MIT notice is its LICENSE file, read at build time from
# the fetched source (tools/fetch_quickjs.sh), never committed. The Unity package copies build/dist/lib's
# (tools/unity/build_package.js), and its check fails without it (tools/unity/check_package.js, phase notices).
if(NOT EXISTS ${QUICKJS}/LICENSE)
  message(FATAL_ERROR "ZtsNotice.cmake: ${QUICKJS}/LICENSE is missing (tools/fetch_quickjs.sh fetches the QuickJS source)")
endif()
file(READ ${QUICKJS}/LICENSE license)
file(READ ${QUICKJS}/VERSION version)
string(STRIP "${version}" version)
set(text "Third-party software in this folder

QuickJS ${version} (https://bellard.org/quickjs/), from Debian's quickjs source package: compiled into the native
libraries (libzts, zts.dll, the Player runtime), and included as its header quickjs.h by the headers and sources
here. Its license, the LICENSE file of the QuickJS source:

${license}")
foreach(out ${OUT})
  get_filename_component(dir ${out} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${out} "${text}")
endforeach()
