# cmake -DVERSION=X.Y.Z -DSOURCE=DIR -P release_check.cmake: the version of project() is a
# release of CHANGELOG.md ("## X.Y.Z - DATE") and of the AppStream file's <releases>, on the
# same date, and the newest entry of debian/changelog, so a release never ships metadata that
# disagrees (CONTRIBUTING.md).
file(READ ${SOURCE}/CHANGELOG.md changelog)
file(GLOB metainfo_files ${SOURCE}/dist/*.metainfo.xml)
file(READ ${metainfo_files} metainfo)
string(REPLACE "." "\\." version_re "${VERSION}")
if(NOT changelog MATCHES "\n## ${version_re} - ([0-9]+-[0-9]+-[0-9]+)\n")
  message(FATAL_ERROR "CHANGELOG.md has no '## ${VERSION} - YYYY-MM-DD' heading")
endif()
set(date ${CMAKE_MATCH_1})
if(NOT metainfo MATCHES "<release version=\"${version_re}\" date=\"([0-9-]+)\"")
  message(FATAL_ERROR "${metainfo_files} has no <release version=\"${VERSION}\">")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL date)
  message(FATAL_ERROR "${VERSION}: CHANGELOG.md says ${date}, the metainfo ${CMAKE_MATCH_1}")
endif()
# The Debian package's newest entry is the same release (native: X.Y.Z; quilt: X.Y.Z-N).
file(STRINGS ${SOURCE}/debian/changelog deb_top LIMIT_COUNT 1)
if(NOT deb_top MATCHES "^mouseking \\(${version_re}(-[0-9]+)?\\) ")
  message(FATAL_ERROR "debian/changelog's newest entry is not ${VERSION}: ${deb_top}")
endif()
message(STATUS "release ${VERSION} of ${date} in CHANGELOG.md, the metainfo and debian/changelog")
