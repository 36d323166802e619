# cmake -DIN=README.md -DOUT=FILE -P installed_readme.cmake: the README as installed in the
# documents folder. The copyright file is debian/copyright in the source and copyright there;
# every other link already names its installed place (CMakeLists.txt, the documents).
file(READ ${IN} text)
string(REPLACE "](debian/copyright)" "](copyright)" text "${text}")
file(WRITE ${OUT} "${text}")
