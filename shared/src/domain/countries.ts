/**
 * Profile reference data (product.md#screens), the one list of countries: the profile screen offers it and the
 * server accepts nothing else (product.md#accounts). about 195 countries, South Africa first, the rest alphabetical, each with
 * up to about 10 cities (Monaco, Singapore and Vatican City have one). Kept as compact text and parsed once.
 */
const DATA = `South Africa: Johannesburg, Cape Town, Durban, Pretoria, Gqeberha, Bloemfontein, East London, Polokwane, Mbombela, Kimberley
Afghanistan: Kabul, Kandahar, Herat, Mazar-i-Sharif, Jalalabad, Kunduz, Ghazni, Balkh, Baghlan, Khost
Albania: Tirana, Durrës, Vlorë, Elbasan, Shkodër, Fier, Korçë, Berat, Lushnjë, Kavajë
Algeria: Algiers, Oran, Constantine, Annaba, Blida, Batna, Sétif, Djelfa, Biskra, Tlemcen
Andorra: Andorra la Vella, Escaldes-Engordany, Encamp, Sant Julià de Lòria, La Massana, Ordino, Canillo
Angola: Luanda, Huambo, Lobito, Benguela, Lubango, Malanje, Kuito, Cabinda, Saurimo, Uíge
Antigua and Barbuda: St. John's, All Saints, Liberta, Potter's Village, Bolans, Codrington
Argentina: Buenos Aires, Córdoba, Rosario, Mendoza, La Plata, San Miguel de Tucumán, Mar del Plata, Salta, Santa Fe, San Juan
Armenia: Yerevan, Gyumri, Vanadzor, Vagharshapat, Hrazdan, Abovyan, Kapan, Armavir, Gavar, Artashat
Australia: Sydney, Melbourne, Brisbane, Perth, Adelaide, Gold Coast, Canberra, Newcastle, Hobart, Darwin
Austria: Vienna, Graz, Linz, Salzburg, Innsbruck, Klagenfurt, Villach, Wels, Sankt Pölten, Dornbirn
Azerbaijan: Baku, Ganja, Sumqayit, Mingachevir, Lankaran, Shirvan, Nakhchivan, Shaki, Yevlakh, Khachmaz
Bahamas: Nassau, Freeport, West End, Coopers Town, Marsh Harbour, Andros Town, Dunmore Town
Bahrain: Manama, Riffa, Muharraq, Hamad Town, A'ali, Isa Town, Sitra, Budaiya, Jidhafs, Zallaq
Bangladesh: Dhaka, Chittagong, Khulna, Rajshahi, Sylhet, Barisal, Rangpur, Comilla, Mymensingh, Gazipur
Barbados: Bridgetown, Speightstown, Oistins, Holetown, Bathsheba, Crane
Belarus: Minsk, Gomel, Mogilev, Vitebsk, Grodno, Brest, Babruysk, Baranovichi, Barysaw, Pinsk
Belgium: Brussels, Antwerp, Ghent, Charleroi, Liège, Bruges, Namur, Leuven, Mons, Mechelen
Belize: Belize City, Belmopan, San Ignacio, Orange Walk, Dangriga, Corozal, San Pedro, Punta Gorda
Benin: Cotonou, Porto-Novo, Parakou, Djougou, Bohicon, Abomey, Natitingou, Lokossa, Ouidah, Kandi
Bhutan: Thimphu, Phuntsholing, Paro, Punakha, Gelephu, Samdrup Jongkhar, Wangdue Phodrang, Jakar
Bolivia: La Paz, Santa Cruz de la Sierra, Cochabamba, Sucre, Oruro, Tarija, Potosí, El Alto, Trinidad, Cobija
Bosnia and Herzegovina: Sarajevo, Banja Luka, Tuzla, Zenica, Mostar, Bihać, Bijeljina, Brčko, Prijedor, Doboj
Botswana: Gaborone, Francistown, Molepolole, Maun, Serowe, Selebi-Phikwe, Kanye, Mahalapye, Mochudi, Lobatse
Brazil: São Paulo, Rio de Janeiro, Brasília, Salvador, Fortaleza, Belo Horizonte, Manaus, Curitiba, Recife, Porto Alegre
Brunei: Bandar Seri Begawan, Kuala Belait, Seria, Tutong, Bangar, Muara
Bulgaria: Sofia, Plovdiv, Varna, Burgas, Ruse, Stara Zagora, Pleven, Sliven, Dobrich, Shumen
Burkina Faso: Ouagadougou, Bobo-Dioulasso, Koudougou, Banfora, Ouahigouya, Kaya, Tenkodogo, Fada N'gourma, Dédougou, Dori
Burundi: Gitega, Bujumbura, Ngozi, Muyinga, Rumonge, Ruyigi, Kayanza, Makamba, Bururi, Cibitoke
Cabo Verde: Praia, Mindelo, Santa Maria, Assomada, Pedra Badejo, São Filipe, Espargos, Porto Novo
Cambodia: Phnom Penh, Siem Reap, Battambang, Sihanoukville, Kampong Cham, Poipet, Kampot, Takeo, Pursat, Kratie
Cameroon: Yaoundé, Douala, Garoua, Bamenda, Maroua, Bafoussam, Ngaoundéré, Bertoua, Kumba, Limbe
Canada: Toronto, Montreal, Vancouver, Calgary, Edmonton, Ottawa, Winnipeg, Quebec City, Hamilton, Halifax
Central African Republic: Bangui, Bimbo, Berbérati, Carnot, Bambari, Bouar, Bossangoa, Bria, Bangassou, Nola
Chad: N'Djamena, Moundou, Abéché, Sarh, Kélo, Koumra, Pala, Am Timan, Bongor, Mongo
Chile: Santiago, Valparaíso, Concepción, La Serena, Antofagasta, Temuco, Rancagua, Talca, Arica, Puerto Montt
China: Shanghai, Beijing, Guangzhou, Shenzhen, Chengdu, Chongqing, Tianjin, Wuhan, Xi'an, Hangzhou
Colombia: Bogotá, Medellín, Cali, Barranquilla, Cartagena, Cúcuta, Bucaramanga, Pereira, Santa Marta, Ibagué
Comoros: Moroni, Mutsamudu, Fomboni, Domoni, Tsémbéhou, Mitsamiouli
Congo: Brazzaville, Pointe-Noire, Dolisie, Nkayi, Owando, Ouesso, Impfondo, Sibiti, Madingou, Gamboma
Costa Rica: San José, Limón, Alajuela, Heredia, Cartago, Puntarenas, Liberia, Paraíso, San Isidro, Quesada
Côte d'Ivoire: Abidjan, Yamoussoukro, Bouaké, Daloa, San-Pédro, Korhogo, Man, Divo, Gagnoa, Abengourou
Croatia: Zagreb, Split, Rijeka, Osijek, Zadar, Pula, Slavonski Brod, Karlovac, Varaždin, Šibenik
Cuba: Havana, Santiago de Cuba, Camagüey, Holguín, Santa Clara, Guantánamo, Bayamo, Pinar del Río, Cienfuegos, Matanzas
Cyprus: Nicosia, Limassol, Larnaca, Paphos, Famagusta, Kyrenia, Paralimni, Aradippou
Czechia: Prague, Brno, Ostrava, Plzeň, Liberec, Olomouc, České Budějovice, Hradec Králové, Ústí nad Labem, Pardubice
Democratic Republic of the Congo: Kinshasa, Lubumbashi, Mbuji-Mayi, Kisangani, Kananga, Bukavu, Goma, Tshikapa, Kolwezi, Likasi
Denmark: Copenhagen, Aarhus, Odense, Aalborg, Esbjerg, Randers, Kolding, Horsens, Vejle, Roskilde
Djibouti: Djibouti City, Ali Sabieh, Tadjourah, Obock, Dikhil, Arta
Dominica: Roseau, Portsmouth, Marigot, Berekua, Mahaut, Saint Joseph
Dominican Republic: Santo Domingo, Santiago de los Caballeros, La Romana, San Pedro de Macorís, San Cristóbal, Puerto Plata, La Vega, Higüey, San Francisco de Macorís, Punta Cana
Ecuador: Guayaquil, Quito, Cuenca, Santo Domingo, Machala, Manta, Portoviejo, Ambato, Riobamba, Loja
Egypt: Cairo, Alexandria, Giza, Shubra El Kheima, Port Said, Suez, Luxor, Mansoura, Tanta, Aswan
El Salvador: San Salvador, Santa Ana, San Miguel, Soyapango, Mejicanos, Santa Tecla, Apopa, Delgado, Sonsonate, Usulután
Equatorial Guinea: Malabo, Bata, Ebebiyín, Aconibe, Añisoc, Luba, Evinayong, Mongomo
Eritrea: Asmara, Keren, Massawa, Assab, Mendefera, Barentu, Adi Keyh, Dekemhare, Ak'ordat, Nakfa
Estonia: Tallinn, Tartu, Narva, Pärnu, Kohtla-Järve, Viljandi, Rakvere, Maardu, Kuressaare, Võru
Eswatini: Mbabane, Manzini, Lobamba, Siteki, Nhlangano, Piggs Peak, Big Bend, Hlatikulu
Ethiopia: Addis Ababa, Dire Dawa, Mekelle, Gondar, Adama, Hawassa, Bahir Dar, Jimma, Dessie, Harar
Fiji: Suva, Lautoka, Nadi, Labasa, Ba, Levuka, Sigatoka, Savusavu, Nausori
Finland: Helsinki, Espoo, Tampere, Vantaa, Oulu, Turku, Jyväskylä, Lahti, Kuopio, Pori
France: Paris, Marseille, Lyon, Toulouse, Nice, Nantes, Strasbourg, Montpellier, Bordeaux, Lille
Gabon: Libreville, Port-Gentil, Franceville, Oyem, Moanda, Mouila, Lambaréné, Tchibanga, Koulamoutou, Makokou
Gambia: Banjul, Serekunda, Brikama, Bakau, Farafenni, Lamin, Basse Santa Su, Soma
Georgia: Tbilisi, Batumi, Kutaisi, Rustavi, Zugdidi, Gori, Poti, Samtredia, Khashuri, Telavi
Germany: Berlin, Hamburg, Munich, Cologne, Frankfurt, Stuttgart, Düsseldorf, Leipzig, Dortmund, Dresden
Ghana: Accra, Kumasi, Tamale, Takoradi, Cape Coast, Sunyani, Koforidua, Ho, Tema, Obuasi
Greece: Athens, Thessaloniki, Patras, Heraklion, Larissa, Volos, Ioannina, Chania, Kavala, Rhodes
Grenada: St. George's, Gouyave, Grenville, Victoria, Sauteurs, Hillsborough
Guatemala: Guatemala City, Mixco, Villa Nueva, Quetzaltenango, Escuintla, Cobán, Antigua Guatemala, Huehuetenango, Chimaltenango, Puerto Barrios
Guinea: Conakry, Nzérékoré, Kankan, Kindia, Labé, Mamou, Boké, Kissidougou, Siguiri, Faranah
Guinea-Bissau: Bissau, Bafatá, Gabú, Bissorã, Bolama, Cacheu, Catió, Farim
Guyana: Georgetown, Linden, New Amsterdam, Anna Regina, Bartica, Skeldon, Rosignol, Lethem
Haiti: Port-au-Prince, Cap-Haïtien, Gonaïves, Les Cayes, Saint-Marc, Jacmel, Jérémie, Port-de-Paix, Hinche, Pétion-Ville
Honduras: Tegucigalpa, San Pedro Sula, La Ceiba, Choloma, El Progreso, Comayagua, Choluteca, Puerto Cortés, Danlí, Juticalpa
Hungary: Budapest, Debrecen, Szeged, Miskolc, Pécs, Győr, Nyíregyháza, Kecskemét, Székesfehérvár, Szombathely
Iceland: Reykjavík, Kópavogur, Hafnarfjörður, Akureyri, Reykjanesbær, Garðabær, Mosfellsbær, Selfoss, Akranes, Ísafjörður
India: Mumbai, Delhi, Bengaluru, Hyderabad, Chennai, Kolkata, Ahmedabad, Pune, Jaipur, Lucknow
Indonesia: Jakarta, Surabaya, Bandung, Medan, Semarang, Makassar, Palembang, Denpasar, Yogyakarta, Balikpapan
Iran: Tehran, Mashhad, Isfahan, Karaj, Shiraz, Tabriz, Qom, Ahvaz, Kermanshah, Urmia
Iraq: Baghdad, Basra, Mosul, Erbil, Sulaymaniyah, Najaf, Karbala, Kirkuk, Nasiriyah, Ramadi
Ireland: Dublin, Cork, Limerick, Galway, Waterford, Drogheda, Dundalk, Swords, Kilkenny, Sligo
Israel: Jerusalem, Tel Aviv, Haifa, Rishon LeZion, Petah Tikva, Ashdod, Netanya, Beersheba, Holon, Eilat
Italy: Rome, Milan, Naples, Turin, Palermo, Genoa, Bologna, Florence, Venice, Verona
Jamaica: Kingston, Montego Bay, Spanish Town, Portmore, Mandeville, May Pen, Ocho Rios, Negril, Savanna-la-Mar, Port Antonio
Japan: Tokyo, Yokohama, Osaka, Nagoya, Sapporo, Fukuoka, Kobe, Kyoto, Kawasaki, Hiroshima
Jordan: Amman, Zarqa, Irbid, Aqaba, Salt, Madaba, Mafraq, Jerash, Karak, Ma'an
Kazakhstan: Almaty, Astana, Shymkent, Karaganda, Aktobe, Taraz, Pavlodar, Oskemen, Semey, Atyrau
Kenya: Nairobi, Mombasa, Kisumu, Nakuru, Eldoret, Thika, Malindi, Kitale, Garissa, Nyeri
Kiribati: South Tarawa, Betio, Bikenibeu, Bairiki, London, Tabwakea
Kuwait: Kuwait City, Hawalli, Salmiya, Jahra, Fahaheel, Farwaniya, Sabah Al-Salem, Mangaf, Fintas, Ahmadi
Kyrgyzstan: Bishkek, Osh, Jalal-Abad, Karakol, Tokmok, Uzgen, Naryn, Talas, Balykchy, Batken
Laos: Vientiane, Luang Prabang, Pakse, Savannakhet, Thakhek, Xam Neua, Phonsavan, Muang Xay, Vang Vieng
Latvia: Riga, Daugavpils, Liepāja, Jelgava, Jūrmala, Ventspils, Rēzekne, Valmiera, Jēkabpils, Ogre
Lebanon: Beirut, Tripoli, Sidon, Tyre, Zahle, Jounieh, Baalbek, Byblos, Nabatieh, Aley
Lesotho: Maseru, Teyateyaneng, Mafeteng, Hlotse, Mohale's Hoek, Maputsoe, Qacha's Nek, Quthing, Butha-Buthe, Mokhotlong
Liberia: Monrovia, Gbarnga, Buchanan, Ganta, Kakata, Harper, Voinjama, Zwedru, Greenville, Robertsport
Libya: Tripoli, Benghazi, Misrata, Zawiya, Bayda, Tobruk, Sabha, Ajdabiya, Sirte, Derna
Liechtenstein: Vaduz, Schaan, Triesen, Balzers, Eschen, Mauren, Triesenberg, Ruggell
Lithuania: Vilnius, Kaunas, Klaipėda, Šiauliai, Panevėžys, Alytus, Marijampolė, Mažeikiai, Jonava, Utena
Luxembourg: Luxembourg City, Esch-sur-Alzette, Differdange, Dudelange, Ettelbruck, Diekirch, Wiltz, Echternach, Remich, Vianden
Madagascar: Antananarivo, Toamasina, Antsirabe, Fianarantsoa, Mahajanga, Toliara, Antsiranana, Ambovombe, Morondava, Nosy Be
Malawi: Lilongwe, Blantyre, Mzuzu, Zomba, Kasungu, Mangochi, Karonga, Salima, Nkhotakota, Liwonde
Malaysia: Kuala Lumpur, George Town, Johor Bahru, Ipoh, Shah Alam, Kuching, Kota Kinabalu, Malacca City, Petaling Jaya, Kuantan
Maldives: Malé, Addu City, Fuvahmulah, Kulhudhuffushi, Thinadhoo, Naifaru, Dhidhdhoo, Eydhafushi
Mali: Bamako, Sikasso, Mopti, Koutiala, Ségou, Kayes, Gao, Timbuktu, Kidal, San
Malta: Valletta, Birkirkara, Mosta, Qormi, Żabbar, Sliema, San Ġwann, St. Paul's Bay, Naxxar, Rabat
Marshall Islands: Majuro, Ebeye, Laura, Jabor, Wotje, Rairok
Mauritania: Nouakchott, Nouadhibou, Kiffa, Kaédi, Rosso, Zouérat, Atar, Néma, Sélibaby, Aleg
Mauritius: Port Louis, Beau Bassin-Rose Hill, Vacoas-Phoenix, Curepipe, Quatre Bornes, Triolet, Goodlands, Centre de Flacq, Mahébourg, Grand Baie
Mexico: Mexico City, Guadalajara, Monterrey, Puebla, Tijuana, León, Cancún, Mérida, Querétaro, Oaxaca
Micronesia: Palikir, Weno, Kolonia, Tofol, Colonia, Lelu
Moldova: Chișinău, Tiraspol, Bălți, Bender, Cahul, Ungheni, Soroca, Orhei, Comrat, Ceadîr-Lunga
Monaco: Monaco
Mongolia: Ulaanbaatar, Erdenet, Darkhan, Choibalsan, Mörön, Khovd, Ölgii, Bayankhongor, Arvaikheer, Sükhbaatar
Montenegro: Podgorica, Nikšić, Herceg Novi, Pljevlja, Bijelo Polje, Cetinje, Bar, Budva, Kotor, Ulcinj
Morocco: Casablanca, Rabat, Marrakesh, Fez, Tangier, Agadir, Meknes, Oujda, Kenitra, Tetouan
Mozambique: Maputo, Matola, Beira, Nampula, Chimoio, Quelimane, Tete, Lichinga, Pemba, Inhambane
Myanmar: Yangon, Mandalay, Naypyidaw, Mawlamyine, Bago, Pathein, Monywa, Taunggyi, Sittwe, Myitkyina
Namibia: Windhoek, Walvis Bay, Swakopmund, Rundu, Oshakati, Katima Mulilo, Rehoboth, Otjiwarongo, Keetmanshoop, Lüderitz
Nauru: Yaren, Denigomodu, Aiwo, Meneng, Anabar
Nepal: Kathmandu, Pokhara, Lalitpur, Bharatpur, Biratnagar, Birgunj, Dharan, Butwal, Hetauda, Janakpur
Netherlands: Amsterdam, Rotterdam, The Hague, Utrecht, Eindhoven, Groningen, Tilburg, Almere, Breda, Nijmegen
New Zealand: Auckland, Wellington, Christchurch, Hamilton, Tauranga, Dunedin, Palmerston North, Napier, Nelson, Queenstown
Nicaragua: Managua, León, Masaya, Matagalpa, Chinandega, Estelí, Granada, Jinotega, Bluefields, Juigalpa
Niger: Niamey, Zinder, Maradi, Agadez, Tahoua, Dosso, Diffa, Arlit, Birni-N'Konni, Tillabéri
Nigeria: Lagos, Abuja, Kano, Ibadan, Port Harcourt, Benin City, Kaduna, Enugu, Jos, Abeokuta
North Korea: Pyongyang, Hamhung, Chongjin, Nampo, Wonsan, Sinuiju, Tanchon, Kaesong, Sariwon, Haeju
North Macedonia: Skopje, Bitola, Kumanovo, Prilep, Tetovo, Veles, Ohrid, Štip, Gostivar, Strumica
Norway: Oslo, Bergen, Trondheim, Stavanger, Drammen, Fredrikstad, Kristiansand, Tromsø, Sandnes, Ålesund
Oman: Muscat, Seeb, Salalah, Sohar, Nizwa, Sur, Ibri, Buraimi, Rustaq, Khasab
Pakistan: Karachi, Lahore, Faisalabad, Rawalpindi, Islamabad, Multan, Peshawar, Hyderabad, Quetta, Sialkot
Palau: Ngerulmud, Koror, Airai, Melekeok, Kloulklubed, Ngardmau
Palestine: Gaza, Hebron, Nablus, Ramallah, Khan Yunis, Jenin, Bethlehem, Tulkarm, Jericho, Rafah
Panama: Panama City, San Miguelito, Colón, David, La Chorrera, Santiago de Veraguas, Chitré, Penonomé, Bocas del Toro, Las Tablas
Papua New Guinea: Port Moresby, Lae, Mount Hagen, Madang, Kokopo, Goroka, Wewak, Kimbe, Alotau, Mendi
Paraguay: Asunción, Ciudad del Este, San Lorenzo, Luque, Capiatá, Lambaré, Fernando de la Mora, Encarnación, Pedro Juan Caballero, Concepción
Peru: Lima, Arequipa, Trujillo, Chiclayo, Piura, Cusco, Iquitos, Huancayo, Tacna, Puno
Philippines: Manila, Quezon City, Davao City, Cebu City, Zamboanga City, Taguig, Antipolo, Cagayan de Oro, Iloilo City, Baguio
Poland: Warsaw, Kraków, Łódź, Wrocław, Poznań, Gdańsk, Szczecin, Lublin, Katowice, Białystok
Portugal: Lisbon, Porto, Braga, Coimbra, Funchal, Faro, Aveiro, Setúbal, Évora, Viseu
Qatar: Doha, Al Rayyan, Al Wakrah, Al Khor, Umm Salal, Lusail, Mesaieed, Dukhan, Madinat ash Shamal
Romania: Bucharest, Cluj-Napoca, Timișoara, Iași, Constanța, Craiova, Brașov, Galați, Ploiești, Oradea
Russia: Moscow, Saint Petersburg, Novosibirsk, Yekaterinburg, Kazan, Nizhny Novgorod, Chelyabinsk, Samara, Omsk, Vladivostok
Rwanda: Kigali, Butare, Gisenyi, Ruhengeri, Byumba, Cyangugu, Kibuye, Rwamagana, Nyanza, Kibungo
Saint Kitts and Nevis: Basseterre, Charlestown, Sandy Point Town, Cayon, Dieppe Bay Town, Old Road
Saint Lucia: Castries, Vieux Fort, Micoud, Gros Islet, Soufrière, Dennery, Laborie, Anse La Raye
Saint Vincent and the Grenadines: Kingstown, Georgetown, Barrouallie, Layou, Chateaubelair, Port Elizabeth
Samoa: Apia, Vaitele, Faleula, Siusega, Salelologa, Afega, Leulumoega
San Marino: San Marino, Serravalle, Borgo Maggiore, Domagnano, Fiorentino, Acquaviva, Faetano, Chiesanuova, Montegiardino
São Tomé and Príncipe: São Tomé, Santo António, Neves, Santana, Trindade, Guadalupe
Saudi Arabia: Riyadh, Jeddah, Mecca, Medina, Dammam, Khobar, Tabuk, Abha, Taif, Buraidah
Senegal: Dakar, Touba, Thiès, Kaolack, Saint-Louis, Ziguinchor, Mbour, Rufisque, Diourbel, Tambacounda
Serbia: Belgrade, Novi Sad, Niš, Kragujevac, Subotica, Zrenjanin, Pančevo, Čačak, Kraljevo, Novi Pazar
Seychelles: Victoria, Anse Boileau, Beau Vallon, Anse Royale, Takamaka, Cascade
Sierra Leone: Freetown, Bo, Kenema, Makeni, Koidu, Lunsar, Port Loko, Waterloo, Kabala, Magburaka
Singapore: Singapore
Slovakia: Bratislava, Košice, Prešov, Žilina, Nitra, Banská Bystrica, Trnava, Trenčín, Martin, Poprad
Slovenia: Ljubljana, Maribor, Celje, Kranj, Koper, Velenje, Novo Mesto, Ptuj, Nova Gorica, Murska Sobota
Solomon Islands: Honiara, Auki, Gizo, Buala, Kirakira, Tulagi, Lata
Somalia: Mogadishu, Hargeisa, Bosaso, Kismayo, Baidoa, Garowe, Berbera, Galkayo, Beledweyne, Burao
South Korea: Seoul, Busan, Incheon, Daegu, Daejeon, Gwangju, Suwon, Ulsan, Changwon, Jeju City
South Sudan: Juba, Wau, Malakal, Yei, Aweil, Bor, Rumbek, Torit, Yambio, Bentiu
Spain: Madrid, Barcelona, Valencia, Seville, Zaragoza, Málaga, Murcia, Palma, Bilbao, Alicante
Sri Lanka: Colombo, Kandy, Galle, Jaffna, Negombo, Trincomalee, Batticaloa, Anuradhapura, Matara, Kurunegala
Sudan: Khartoum, Omdurman, Port Sudan, Kassala, El Obeid, Nyala, Wad Madani, El Fasher, Gedaref, Atbara
Suriname: Paramaribo, Lelydorp, Nieuw Nickerie, Moengo, Meerzorg, Nieuw Amsterdam, Albina, Groningen
Sweden: Stockholm, Gothenburg, Malmö, Uppsala, Västerås, Örebro, Linköping, Helsingborg, Jönköping, Umeå
Switzerland: Zurich, Geneva, Basel, Bern, Lausanne, Winterthur, Lucerne, St. Gallen, Lugano, Biel/Bienne
Syria: Damascus, Aleppo, Homs, Latakia, Hama, Raqqa, Deir ez-Zor, Tartus, Idlib, Daraa
Taiwan: Taipei, New Taipei, Kaohsiung, Taichung, Tainan, Taoyuan, Hsinchu, Keelung, Chiayi, Hualien
Tajikistan: Dushanbe, Khujand, Kulob, Bokhtar, Istaravshan, Konibodom, Tursunzoda, Isfara, Panjakent, Khorog
Tanzania: Dar es Salaam, Dodoma, Mwanza, Arusha, Mbeya, Morogoro, Tanga, Zanzibar City, Moshi, Tabora
Thailand: Bangkok, Chiang Mai, Pattaya, Phuket, Nakhon Ratchasima, Hat Yai, Udon Thani, Khon Kaen, Chiang Rai, Surat Thani
Timor-Leste: Dili, Baucau, Maliana, Suai, Lospalos, Same, Aileu, Viqueque
Togo: Lomé, Sokodé, Kara, Kpalimé, Atakpamé, Dapaong, Tsévié, Aného, Bassar, Mango
Tonga: Nukuʻalofa, Neiafu, Haveluloto, Vaini, Pangai, Ohonua
Trinidad and Tobago: Port of Spain, San Fernando, Chaguanas, Arima, Point Fortin, Scarborough, Couva, Sangre Grande, Tunapuna, Diego Martin
Tunisia: Tunis, Sfax, Sousse, Kairouan, Bizerte, Gabès, Ariana, Gafsa, Monastir, Nabeul
Turkey: Istanbul, Ankara, Izmir, Bursa, Antalya, Adana, Konya, Gaziantep, Mersin, Kayseri
Turkmenistan: Ashgabat, Türkmenabat, Daşoguz, Mary, Balkanabat, Bayramaly, Türkmenbaşy, Tejen, Abadan
Tuvalu: Funafuti, Vaiaku, Savave, Tanrake, Toga
Uganda: Kampala, Gulu, Lira, Mbarara, Jinja, Mbale, Entebbe, Masaka, Arua, Fort Portal
Ukraine: Kyiv, Kharkiv, Odesa, Dnipro, Lviv, Zaporizhzhia, Kryvyi Rih, Mykolaiv, Vinnytsia, Poltava
United Arab Emirates: Dubai, Abu Dhabi, Sharjah, Al Ain, Ajman, Ras Al Khaimah, Fujairah, Umm Al Quwain, Khor Fakkan, Dibba
United Kingdom: London, Birmingham, Manchester, Glasgow, Liverpool, Leeds, Edinburgh, Bristol, Cardiff, Belfast
United States: New York, Los Angeles, Chicago, Houston, Phoenix, Philadelphia, San Antonio, San Diego, Dallas, San Francisco
Uruguay: Montevideo, Salto, Ciudad de la Costa, Paysandú, Las Piedras, Rivera, Maldonado, Tacuarembó, Melo, Punta del Este
Uzbekistan: Tashkent, Samarkand, Namangan, Andijan, Nukus, Bukhara, Fergana, Qarshi, Kokand, Khiva
Vanuatu: Port Vila, Luganville, Norsup, Isangel, Sola, Lakatoro
Vatican City: Vatican City
Venezuela: Caracas, Maracaibo, Valencia, Barquisimeto, Maracay, Ciudad Guayana, Barcelona, Maturín, Mérida, San Cristóbal
Vietnam: Ho Chi Minh City, Hanoi, Da Nang, Haiphong, Can Tho, Nha Trang, Hue, Bien Hoa, Vung Tau, Da Lat
Yemen: Sana'a, Aden, Taiz, Hodeidah, Mukalla, Ibb, Dhamar, Amran, Sayun, Marib
Zambia: Lusaka, Kitwe, Ndola, Kabwe, Chingola, Mufulira, Livingstone, Luanshya, Kasama, Chipata
Zimbabwe: Harare, Bulawayo, Chitungwiza, Mutare, Gweru, Kwekwe, Kadoma, Masvingo, Chinhoyi, Victoria Falls`;

export type Country = { name: string; cities: readonly string[] };

export const COUNTRIES: readonly Country[] = DATA.split('\n').map((line) => {
  const at = line.indexOf(': ');
  return { name: line.slice(0, at), cities: line.slice(at + 2).split(', ') };
});

const BY_NAME = new Map(COUNTRIES.map((c) => [c.name, c.cities]));

/** Cities listed for a country (empty for a country not in the list). */
export function citiesOf(country: string): readonly string[] {
  return BY_NAME.get(country) ?? [];
}

const NAMES = new Set(COUNTRIES.map((c) => c.name));

/** Whether `name` is one of the built-in country names (exactly as listed). */
export function isCountryName(name: string): boolean {
  return NAMES.has(name);
}

export const UNKNOWN_COUNTRY = 'Choose a country from the list';
