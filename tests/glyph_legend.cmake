# A kind's glyph in data/rules.json is what `gen` prints, or the legend says why not:
#  - every kind's glyph (the player's, each feature's, mouse's and item's) is in the ASCII
#    legend of `mouseking --help`;
#  - every glyph is printed by `gen --seed S --all` on seeds 1..5, except the kinds below, which
#    gen never places (the reason is the legend's, or the generator's);
#  - every byte gen prints is in the legend.
# cmake -DEXE=mouseking -DRULES=data/rules.json -P glyph_legend.cmake (MOUSEKING_DATA set).
set(not_printed_player "gen places no player: its '@' is the legend's arrival point")
set(not_printed_door_open "gen makes every door closed; a door opens in play")

file(READ ${RULES} rules)
execute_process(COMMAND ${EXE} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mouseking --help: status ${rc}")
endif()
string(FIND "${help}" "ASCII legend:" at)
if(at LESS 0)
  message(FATAL_ERROR "no ASCII legend in mouseking --help")
endif()
string(SUBSTRING "${help}" ${at} -1 legend)
string(REPLACE "ASCII legend:" "" legend "${legend}")
# Entries are "G what", two spaces apart; each line's indent counts as a separator too.
string(REGEX REPLACE "\n +" "\n  " legend "  ${legend}")

set(printed "")
foreach(seed 1 2 3 4 5)
  execute_process(COMMAND ${EXE} gen --seed ${seed} --all OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gen --seed ${seed} --all: status ${rc}")
  endif()
  string(REGEX REPLACE "floor [0-9]+\n" "" out "${out}")
  string(REPLACE "\n" "" out "${out}")
  string(APPEND printed "${out}")
endforeach()

set(failed "")
set(rest "${printed}")
function(check kind glyph)
  set(f "${failed}")
  string(FIND "${legend}" "  ${glyph} " in_legend)
  if(in_legend LESS 0)
    string(APPEND f "${kind}: glyph '${glyph}' is not in gen's ASCII legend (mouseking --help)\n")
  endif()
  string(REPLACE "${glyph}" "" rest "${rest}") # what is left: bytes of no kind
  set(rest "${rest}" PARENT_SCOPE)
  string(FIND "${printed}" "${glyph}" in_output)
  if(in_output LESS 0 AND NOT DEFINED not_printed_${kind})
    string(APPEND f "${kind}: glyph '${glyph}' never printed by gen on seeds 1..5\n")
  endif()
  set(failed "${f}" PARENT_SCOPE)
endfunction()

string(JSON glyph GET "${rules}" player glyph)
check(player "${glyph}")
foreach(group features monsters items)
  string(JSON count LENGTH "${rules}" ${group})
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON name MEMBER "${rules}" ${group} ${i})
    string(JSON glyph GET "${rules}" ${group} "${name}" glyph)
    check("${name}" "${glyph}")
  endforeach()
endforeach()

# Every byte gen prints is in the legend: the kinds' glyphs (checked above) and the map's own.
foreach(byte "#" "." "@")
  string(FIND "${legend}" "  ${byte} " in_legend)
  if(in_legend LESS 0)
    string(APPEND failed "the map's '${byte}' is not in gen's ASCII legend\n")
  endif()
  string(REPLACE "${byte}" "" rest "${rest}")
endforeach()
if(NOT rest STREQUAL "")
  string(SUBSTRING "${rest}" 0 1 byte)
  string(APPEND failed "gen prints '${byte}', which is no kind's glyph and not in its legend\n")
endif()

if(failed)
  message(FATAL_ERROR "${failed}")
endif()
message(STATUS "every kind's glyph is in gen's legend and printed by it, or the reason is given")
